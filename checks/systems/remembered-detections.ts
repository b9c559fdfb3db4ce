/**
 * A memory of the detections channel: per thing name (colour + kind) the last detection and the camera it was seen
 * from, and the floor things seen. It answers the where-is families from what it stored (the middle of the last box,
 * its nearest bottom point to the camera then, carried to the camera now) and lists floor things from their boxes.
 * Shared by detections_memory (keeps everything), current_view (forgets every frame) and other_stream (fed another
 * case's frames). Questions it cannot read it answers unknown.
 */
import type { ObserveMsg, SentDetection } from '../harness/index.ts';
import {
  bearingTo,
  cameraOfStep,
  mountOf,
  nearestBoxPoint,
  offsetFrom,
  type MountOffsets,
  type PlanarCamera,
} from '../../compile/reader/frame-math.ts';
import { spoken, type QuestionForm } from '../../compile/question-form.ts';

const UNKNOWN = { type: 'unknown' } as const;
/** a box whose bottom is this close to the floor is a floor thing (m) */
const FLOOR_Z = 0.03;

interface Sighting {
  det: SentDetection;
  cam: PlanarCamera;
  k: number;
}

export class DetectionMemory {
  private readonly last = new Map<string, Sighting>();
  private mount: MountOffsets = { forward_m: 0, left_m: 0, height_m: 0 };
  /** the camera of the latest frame */
  cam: PlanarCamera | null = null;
  private k = -1;

  /** forget: keep only the latest frame (the current view) */
  constructor(private readonly forget = false) {}

  start(robot: unknown): void {
    this.mount = mountOf(robot);
  }

  observe(msg: ObserveMsg): void {
    const step = msg.step;
    this.k = step.k;
    this.cam = cameraOfStep(step, this.mount);
    if (this.forget) this.last.clear();
    for (const d of step.detections ?? []) {
      this.last.set(nameKey(d.colour ?? '', d.kind), { det: d, cam: this.cam, k: step.k });
    }
  }

  answer(form: QuestionForm | null): unknown {
    if (!form || !this.cam) return UNKNOWN;
    const cam = this.cam;
    const find = () =>
      form.thing
        ? this.last.get(`${form.thing.colour} ${form.thing.kind}`)
        : form.person
          ? this.last.get(`${form.person} person`)
          : undefined;
    const middle = (s: Sighting) => [s.det.center[0], s.det.center[1]];
    switch (form.family) {
      case 'object_where':
      case 'person_mem': {
        const s = find();
        if (!s) return UNKNOWN;
        const [x, y] = middle(s);
        return { type: 'place', x, y };
      }
      case 'way_to': {
        const s = find();
        return s ? { type: 'heading', deg: bearingTo(cam.position, cam.yaw_deg, middle(s)) } : UNKNOWN;
      }
      case 'ego_now':
      case 'ego_mem': {
        const s = find();
        if (!s || (form.family === 'ego_now' && s.k !== this.k)) return UNKNOWN;
        return { type: 'offset', ...offsetFrom(cam, nearestBoxPoint(s.det.box, s.cam.position)) };
      }
      case 'task_things':
      case 'tangle_ahead': {
        const places = [...this.last.values()]
          .filter((s) => s.det.kind !== 'person' && s.det.box.min[2] <= FLOOR_Z)
          .map((s) => ({ x: s.det.center[0], y: s.det.center[1] }));
        return { type: 'list', places: places.slice(0, 200) };
      }
      default:
        return UNKNOWN;
    }
  }
}

/** "grey remote": the spoken name of a colour and kind. */
export function nameKey(colour: string, kind: string): string {
  return `${spoken(colour)} ${spoken(kind)}`;
}
