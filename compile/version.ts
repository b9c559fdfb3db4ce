/**
 * The compile's own version, independent of the renderer's and the tool's: it changes whenever the rules that
 * place look points, choose candidates or compute gold change, so that a release can say which questions it holds.
 *
 * - 0.4.0: object_where's evidence frame is the clearest recognizable view of the thing where it was last seen (its
 *   very last sighting was mostly a sliver at the frame's edge or a speck in the distance).
 * - 0.3.0: a thing's middle, length and height from every part's exact reach (layouts/geometry/footprint.ts
 *   partsExtent): a round part off a turned thing's axis had counted up to 3 mm short.
 * - 0.2.0: the trick band is kept per split; clear_path reads its contact point at the foot of the entity touched;
 *   a family can be asked once a task (closest_person); a trick takes the place of a real question of its family.
 * - 0.1.0: the first compile.
 */
export const COMPILE_VERSION = '0.4.0';
