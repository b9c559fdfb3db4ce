/**
 * What the system prompt needs from robot.json (the script stage's copy of the job's robot: body, camera, depth,
 * margins), read leniently: a number may be given bare or as `{value, source}`, and a field the file lacks is
 * left out of the prompt rather than guessed.
 */

export interface RobotFacts {
  job?: string;
  robotClass?: string;
  camera?: {
    width?: number;
    height?: number;
    hfovDeg?: number;
    heightM?: number;
    forwardM?: number;
    leftM?: number;
    pitchDeg?: number;
  };
  body?:
    | { shape: 'circle'; diameterM: number; heightM?: number }
    | { shape: 'rect'; lengthM: number; widthM: number; heightM?: number };
  /** clearance C, metres */
  clearanceM?: number;
  /** re-find radius R, metres */
  reacquireM?: number;
  /** list matching radius, metres (absent or null: the job asks no list) */
  matchM?: number;
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x);

/** A number given bare or as {value}. */
function num(x: unknown): number | undefined {
  if (typeof x === 'number' && Number.isFinite(x)) return x;
  if (isObj(x)) return num(x.value);
  return undefined;
}

function first(o: Obj, keys: string[]): unknown {
  for (const k of keys) if (o[k] !== undefined) return o[k];
  return undefined;
}

/** Read the facts the prompt states from robot.json's content. */
export function robotFacts(robot: unknown): RobotFacts {
  if (!isObj(robot)) return {};
  const out: RobotFacts = {};
  const job = first(robot, ['job', 'id', 'job_id']);
  if (typeof job === 'string') out.job = job;
  if (typeof robot.robot_class === 'string') out.robotClass = robot.robot_class;
  const cam = robot.camera;
  if (isObj(cam)) {
    const mount = isObj(cam.mount) ? cam.mount : cam;
    out.camera = {
      width: num(cam.width),
      height: num(cam.height),
      hfovDeg: num(first(cam, ['hfov_deg', 'fov_deg'])),
      heightM: num(mount.height_m),
      forwardM: num(mount.forward_m),
      leftM: num(mount.left_m),
      pitchDeg: num(mount.pitch_deg),
    };
  }
  const body = robot.body;
  if (isObj(body)) {
    const fp = isObj(body.footprint) ? body.footprint : body;
    const heightM = num(body.height_m);
    const d = num(fp.diameter_m);
    const l = num(fp.length_m);
    const w = num(fp.width_m);
    if (d !== undefined) out.body = { shape: 'circle', diameterM: d, heightM };
    else if (l !== undefined && w !== undefined) out.body = { shape: 'rect', lengthM: l, widthM: w, heightM };
  }
  const margins = isObj(robot.margins) ? { ...robot, ...robot.margins } : robot;
  out.clearanceM = num(first(margins, ['clearance', 'clearance_m']));
  out.reacquireM = num(first(margins, ['reacquire', 'reacquire_m', 'refind_m']));
  out.matchM = num(first(margins, ['match_m', 'match']));
  return out;
}
