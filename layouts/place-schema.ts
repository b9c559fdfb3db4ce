/**
 * The place format (layouts/<id>.yaml): walls with openings and doors, rooms, fixed furniture, movable things,
 * people, lights, materials, colour words and the named sites tasks use. Every object is strict: an unknown key is
 * an error. Units: metres, degrees (counter-clockwise from +x), watts, RGB in 0..1.
 */
import { z } from 'zod';
import { PLACE_KINDS, PlaceId } from '../formats/place-id.ts';

/*
 * Upper bounds. Every number a place holds has one, so that a typo (bounds of 1e308 m, a megawatt sun) is refused
 * by `validate` before anything is planned or rendered; each says why it is where it is (docs/format.md lists them).
 */
/** a coordinate: within 10 km of the place's origin (Blender's single floats keep millimetres there) */
export const MAX_COORD_M = 10_000;
/** a place's side: 500 m; the 0.1 m floor grid of the seen space and the route fields is then 25 million cells */
export const MAX_PLACE_SIDE_M = 500;
/** a size, a height or a distance along a wall: no solid is longer than a place is wide */
export const MAX_SIZE_M = 1000;

const num = z
  .number()
  .finite()
  .min(-MAX_COORD_M, `at least -${MAX_COORD_M}: within 10 km of the origin`)
  .max(MAX_COORD_M, `at most ${MAX_COORD_M}: within 10 km of the origin`);
const upTo = (max: number, why: string) => z.number().finite().positive().max(max, `at most ${max}: ${why}`);
const zeroUpTo = (max: number, why: string) => z.number().finite().nonnegative().max(max, `at most ${max}: ${why}`);
const pos = upTo(MAX_SIZE_M, 'no solid is larger than a place');
const nonneg = zeroUpTo(MAX_SIZE_M, 'no solid is larger than a place');
/** an angle in degrees: one turn either way (a larger one is a typo) */
const angle = z
  .number()
  .finite()
  .min(-360, 'an angle is at least -360 degrees')
  .max(360, 'an angle is at most 360 degrees');
/** a lower-case identifier: letters, digits, underscores */
export const Ident = z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a lower-case identifier (a-z, 0-9, _)');
export const RGB = z.tuple([z.number().min(0).max(1), z.number().min(0).max(1), z.number().min(0).max(1)]);
export type RGB = z.infer<typeof RGB>;
export const XY = z.tuple([num, num]);
export type XY = z.infer<typeof XY>;
/** [length along local x, width along local y, height] */
export const Size3 = z.tuple([pos, pos, pos]);

export const PlaceKind = z.enum(PLACE_KINDS);
export type PlaceKind = z.infer<typeof PlaceKind>;

export const Bounds = z
  .object({ x_min: num, x_max: num, y_min: num, y_max: num })
  .strict()
  .refine((b) => b.x_max > b.x_min && b.y_max > b.y_min, 'max must exceed min')
  .refine(
    (b) => b.x_max - b.x_min <= MAX_PLACE_SIDE_M && b.y_max - b.y_min <= MAX_PLACE_SIDE_M,
    `a side is at most ${MAX_PLACE_SIDE_M} m: the 0.1 m floor grid is then 25 million cells`,
  );
export type Bounds = z.infer<typeof Bounds>;

export const Pattern = z
  .object({
    kind: z.enum(['wood', 'tiles', 'concrete', 'asphalt', 'fabric', 'brick', 'grass', 'carpet', 'metal_grid']),
    /** second colour of the pattern (grout, grain, joints) */
    colour2: RGB,
    /** size of one pattern period in metres (a tile, a plank width, a brick) */
    scale: upTo(100, 'a pattern period past 100 m shows no pattern'),
  })
  .strict();

export const Material = z
  .object({
    colour: RGB,
    roughness: z.number().min(0).max(1),
    metallic: z.number().min(0).max(1).default(0),
    pattern: Pattern.optional(),
    /** light-emitting surfaces (screens, lamp shades); strength in Blender emission units */
    emission: z
      .object({ colour: RGB, strength: zeroUpTo(10_000, 'past any screen or lamp shade; Cycles saturates') })
      .strict()
      .optional(),
  })
  .strict();
export type Material = z.infer<typeof Material>;

export const Floor = z
  .object({
    material: Ident,
    /** slab thickness below z = 0 */
    thickness: upTo(10, 'a slab thicker than 10 m is no floor').default(0.05),
    /** one slab per room (each room's floor_material, or the default) over a base slab, instead of one slab */
    per_room: z.boolean().default(false),
  })
  .strict();

export const Ceiling = z
  .object({ height: pos, material: Ident, thickness: upTo(10, 'a slab thicker than 10 m is no ceiling').default(0.1) })
  .strict();

export const Opening = z
  .object({
    id: Ident,
    /** distance along the wall's centreline from `from` to the opening's start */
    offset: nonneg,
    width: pos,
    /** top of the opening above the floor */
    height: pos,
    /** bottom of the opening (0 for a door or passage, > 0 for a window) */
    sill: nonneg.default(0),
  })
  .strict();
export type Opening = z.infer<typeof Opening>;

export const Wall = z
  .object({
    id: Ident,
    from: XY,
    to: XY,
    thickness: upTo(10, 'a wall thicker than 10 m is a building'),
    height: pos,
    material: Ident,
    openings: z.array(Opening).default([]),
  })
  .strict();
export type Wall = z.infer<typeof Wall>;

export const DoorState = z.enum(['open', 'closed', 'ajar']);
export type DoorState = z.infer<typeof DoorState>;

export const Door = z
  .object({
    id: Ident,
    /** the wall and the opening it fills */
    wall: Ident,
    opening: Ident,
    /** which end of the opening the hinge is at: the one nearer the wall's `from` (start) or `to` (end) */
    hinge: z.enum(['start', 'end']),
    /** the side the leaf swings to, seen walking from the wall's `from` to its `to` */
    swing: z.enum(['left', 'right']),
    states: z.array(DoorState).min(1),
    initial: DoorState,
    /** leaf thickness; the leaf fills the opening less a small gap */
    leaf_thickness: upTo(1, 'a door leaf thicker than 1 m is a wall').default(0.04),
    material: Ident,
  })
  .strict();
export type Door = z.infer<typeof Door>;

export const Polygon = z.array(XY).min(3);

export const Room = z
  .object({
    id: Ident,
    /** a plain name ("living room") */
    name: z.string().min(1),
    polygon: Polygon,
    floor_material: Ident.optional(),
  })
  .strict();
export type Room = z.infer<typeof Room>;

/**
 * A fixed item built by the asset library (layouts/assets/): the kind, the seed its free choices are drawn from, and
 * the kind's params beside them (checked against the kind's schema by the place rules, which know the kinds).
 */
export const AssetRef = z.looseObject({
  kind: Ident,
  /** the item's own seed: the same kind, size, params and seed build the same parts (a set of matching chairs) */
  seed: z.number().int().nonnegative().max(1_000_000_000, 'at most 1e9').default(0),
});
export type AssetRef = z.infer<typeof AssetRef>;

export const Fixed = z
  .object({
    id: Ident,
    kind: Ident,
    shape: z.enum(['box', 'cylinder', 'sphere']),
    center: XY,
    /** box: [length, width, height]; cylinder: [diameter, diameter, height]; sphere: [d, d, d] */
    size: Size3,
    yaw: angle.default(0),
    /** height of its bottom above the floor (wall cabinets, shelf boards) */
    z: nonneg.default(0),
    material: Ident,
    /** top height when things can rest on it; must equal z + height (or be a shelf level) */
    surface: pos.optional(),
    /** shelving: the heights of the shelf boards' tops; the unit renders as four posts and the boards */
    shelves: z.array(pos).min(1).optional(),
    /**
     * built by an asset kind of layouts/assets/ (a couch of cushions, arms and legs): `size` stays its bounds (a box),
     * `center`, `yaw` and `z` place it, `material` is its body's, and a `surface` is met by the asset (a table's top)
     */
    asset: AssetRef.optional(),
  })
  .strict();
export type Fixed = z.infer<typeof Fixed>;

export const Spot = z
  .object({
    rests_on: z.union([z.literal('floor'), Ident]),
    level: z.number().int().nonnegative().max(100, 'at most 100: no shelving has more boards').optional(),
    x: num,
    y: num,
    yaw: angle.default(0),
  })
  .strict();
export type Spot = z.infer<typeof Spot>;

export const Thing = z
  .object({
    id: Ident,
    kind: Ident,
    /** a colour word from the palette */
    colour: Ident,
    /** cord: a chain of thin boxes along `path` */
    shape: z.enum(['box', 'cylinder', 'sphere', 'cord']),
    /** [length, width, height]; a cord's length is its path's length */
    size: Size3,
    /** base material whose colour is replaced by the colour word (default: plastic) */
    material: Ident.optional(),
    /** the floor or a fixed id with a surface; `level` picks a shelf of a shelving unit */
    rests_on: z.union([z.literal('floor'), Ident]),
    level: z.number().int().nonnegative().max(100, 'at most 100: no shelving has more boards').optional(),
    position: z.object({ x: num, y: num, yaw: angle.default(0) }).strict(),
    /** cord only: points in the thing's own frame (metres), at least two */
    path: z.array(XY).min(2).optional(),
    home: Spot.optional(),
    lookalike_group: Ident.optional(),
    light_furniture: z.boolean().default(false),
    /**
     * a thing people leave about on the floor (a bag, a box, a ball, a clothes pile): where it lies when a script
     * starts is drawn for that script on the place's open floor (script/changes.ts scatterLoose), so `position` is
     * only where the place file shows it. Floor things only; never a cord or light furniture.
     */
    loose: z.boolean().default(false),
    /**
     * the floor area (an id of the place's `floor_areas`) a loose thing is left about in, and put down in when a gap
     * moves it to the floor: a warehouse's packing stock stays along the packing area's edges, its drums on the open
     * floor.
     * Without it, any of the floor areas.
     */
    loose_in: Ident.optional(),
    /** a vacuum hazard: the brush catches it (cords, socks, cables) */
    hazard: z.boolean().default(false),
    brush_catchable: z.boolean().default(false),
  })
  .strict();
export type Thing = z.infer<typeof Thing>;

/** The looks a person's figure may take (materials of DEFAULT_MATERIALS, layouts/world.ts). */
export const PERSON_SKINS = ['skin_light', 'skin', 'skin_tan', 'skin_dark'] as const;
export const PERSON_HAIRS = ['hair_black', 'hair_brown', 'hair_blond', 'hair_grey'] as const;
export const PERSON_SHOES = ['shoe_black', 'shoe_brown', 'shoe_white'] as const;

export const Person = z
  .object({
    id: Ident,
    /** colour word of the top */
    colour: Ident,
    /** colour word of the trousers */
    trousers: Ident,
    height: z.number().min(1).max(2.2),
    shoulder_width: z.number().min(0.3).max(0.6),
    /** the figure's skin, hair and shoes (absent: drawn from the person's id, layouts/person-figure.ts) */
    skin: z.enum(PERSON_SKINS).optional(),
    hair: z.enum(PERSON_HAIRS).optional(),
    shoes: z.enum(PERSON_SHOES).optional(),
    /**
     * where the person stands when the script starts (absent = not in the place); with `sits_on` (a fixed piece with
     * a seat surface) they sit there, facing `heading`, the whole script (x, y is below the middle of the trunk, as standing)
     */
    at: z
      .object({ x: num, y: num, heading: angle.default(0), sits_on: Ident.optional() })
      .strict()
      .optional(),
  })
  .strict();
export type Person = z.infer<typeof Person>;

export const PeopleArea = z.object({ id: Ident, polygon: Polygon }).strict();

/** Where things get put down on the floor when they move (the change model): open floor, not a passage. */
export const FloorArea = z.object({ id: Ident, polygon: Polygon }).strict();

export const Light = z
  .object({
    id: Ident,
    type: z.enum(['point', 'area', 'sun']),
    /** position (point, area) in metres; ignored for sun */
    position: z.tuple([num, num, num]).optional(),
    /** point and area: power in W (Blender watts); sun: strength in W/m² */
    power: upTo(1_000_000, 'a megawatt is past any lamp (and a sun of 1e6 W/m² is 1000 real suns)'),
    colour: RGB.default([1, 1, 1]),
    /** area: side length of the square emitter; point: radius; sun: angular diameter in degrees */
    size: upTo(180, 'an emitter wider than 180 m (or a sun wider than half the sky) lights no room').default(0.1),
    /** sun: where the sun stands in the sky: elevation above the horizon and azimuth (deg ccw from +x), degrees */
    elevation: z
      .number()
      .finite()
      .min(-90, 'an elevation is in [-90, 90] degrees')
      .max(90, 'an elevation is in [-90, 90] degrees')
      .optional(),
    azimuth: angle.optional(),
  })
  .strict();
export type Light = z.infer<typeof Light>;

export const Lights = z
  .object({
    world: z
      .object({
        /** flat: the sky is `colour` at `strength`; absent means flat */
        colour: RGB,
        strength: zeroUpTo(1000, 'a sky past 1000 saturates every frame'),
        /**
         * physical: a clear sky from the place's sun (Cycles' sky texture, no sun disc: the sun light is the sun), its
         * radiance times `strength`; `colour` is then the sky of pictures that are not renders (the truth-only engine)
         */
        sky: z.enum(['flat', 'physical']).optional(),
      })
      .strict(),
    items: z.array(Light).min(1),
  })
  .strict();

export const SiteRole = z.enum([
  'dock',
  'charger',
  'parking',
  'handoff',
  'pick_surface',
  'place_surface',
  'shelf',
  'packing_table',
  'drop_point',
  'base',
]);
export type SiteRole = z.infer<typeof SiteRole>;

export const Site = z
  .object({
    id: Ident,
    role: SiteRole,
    /** where the robot stands (or hovers / lands) to use the site */
    position: XY,
    heading: angle.default(0),
    /** the fixed furniture the site serves (a surface, a shelving unit, a table) */
    fixed: Ident.optional(),
    /** a plain name the subgoal may use ("the tv console") */
    name: z.string().min(1).optional(),
    /** drop points: how the spot looks (yard, porch, rooftop) */
    kind: Ident.optional(),
    /** drop points on a roof: height of the landing surface */
    z: nonneg.default(0),
  })
  .strict();
export type Site = z.infer<typeof Site>;

export const Credits = z
  .object({
    statement: z.string().min(1),
    assets: z
      .array(
        z
          .object({ name: z.string(), author: z.string(), licence: z.enum(['CC0-1.0', 'CC-BY-4.0']), url: z.string() })
          .strict(),
      )
      .default([]),
  })
  .strict();

export const Place = z
  .object({
    /**
     * an authored place <kind>_<letter>; a generated one <kind>_g_<8 hex of its seed's hash> (layouts/generate/); the
     * pattern every file of a build or dataset that names a place is held to (formats/place-id.ts)
     */
    id: PlaceId,
    kind: PlaceKind,
    name: z.string().min(1),
    bounds: Bounds,
    /** the colour words a question may use, each with its RGB */
    colour_words: z.record(Ident, RGB),
    materials: z.record(Ident, Material),
    floor: Floor,
    ceiling: Ceiling.optional(),
    walls: z.array(Wall).default([]),
    doors: z.array(Door).default([]),
    rooms: z.array(Room).min(1),
    fixed: z.array(Fixed).default([]),
    things: z.array(Thing).default([]),
    people: z.array(Person).default([]),
    people_areas: z.array(PeopleArea).default([]),
    /** where moved things may be put down on the floor; absent: anywhere in the rooms */
    floor_areas: z.array(FloorArea).default([]),
    lights: Lights,
    sites: z.array(Site).min(1),
    credits: Credits,
  })
  .strict();
export type Place = z.infer<typeof Place>;
