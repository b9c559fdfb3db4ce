/**
 * The system prompt of the start message: the camera, the body's size, what each frame carries on the channel,
 * the answer forms, how credit works with the job's own margins (in m and cm), and that a question may name
 * something never seen or not there. Composed at run time from robot.json; never stored.
 */
import type { Channel } from './protocol.ts';
import { robotFacts } from './robot-facts.ts';

const m = (x: number) => `${+x.toFixed(3)} m`;
const cm = (x: number) => `${+(x * 100).toFixed(1)} cm`;
const mcm = (x: number) => `${m(x)} (${cm(x)})`;

function cameraLine(f: ReturnType<typeof robotFacts>): string | null {
  const c = f.camera;
  if (!c) return null;
  const parts: string[] = [];
  if (c.width && c.height) parts.push(`${c.width}x${c.height} pixels`);
  if (c.hfovDeg !== undefined) parts.push(`a ${c.hfovDeg} degree horizontal field of view`);
  if (c.heightM !== undefined) parts.push(`mounted ${m(c.heightM)} above the base origin`);
  if ((c.forwardM ?? 0) !== 0 || (c.leftM ?? 0) !== 0)
    parts.push(`${m(c.forwardM ?? 0)} forward and ${m(c.leftM ?? 0)} left of the base centre`);
  if (c.pitchDeg !== undefined)
    parts.push(`pitched ${c.pitchDeg} degrees at the start (negative looks down; each frame gives the pitch)`);
  return parts.length ? `Camera: ${parts.join(', ')}.` : null;
}

function bodyLine(f: ReturnType<typeof robotFacts>): string | null {
  const b = f.body;
  if (!b) return null;
  const fp =
    b.shape === 'circle'
      ? `a round footprint ${m(b.diameterM)} across`
      : `a footprint ${m(b.lengthM)} long (along the heading) and ${m(b.widthM)} wide`;
  return `Body: ${fp}${b.heightM !== undefined ? `, ${m(b.heightM)} tall` : ''}.`;
}

const FRAME_TEXT: Record<Channel, string> = {
  rgb_pose:
    "You receive the camera stream one frame at a time. Each frame is a JPEG (the path is in the step's rgb field) and one header " +
    'line: the step k, the clock, the base position (x, y, z) in map metres, the heading in degrees counter-clockwise from +x, ' +
    'the velocity (m/s, map frame), the camera pitch, the status (phase, task, battery) and the subgoal.',
  detections:
    'You receive the stream one frame at a time. Each frame carries the header line (step k, clock, base position in map metres, ' +
    'heading in degrees counter-clockwise from +x, velocity, camera pitch, status, subgoal), a 16-bit depth PNG (planar depth in ' +
    "millimetres, 65535 = no return; the path is in the step's depth field) and the list of what is in view: kind, colour word, " +
    'and the 3-D centre and box in map metres.',
};

/** The system prompt for a robot (robot.json's content) on a channel. */
export function systemPrompt(robot: unknown, channel: Channel): string {
  const f = robotFacts(robot);
  const lines: string[] = [];
  const who = f.robotClass ? `a ${f.robotClass}` : 'a robot';
  lines.push(`You are the brain of ${who}${f.job ? ` doing the job ${f.job}` : ''}.`);
  for (const l of [cameraLine(f), bodyLine(f)]) if (l) lines.push(l);
  lines.push('');
  lines.push(FRAME_TEXT[channel]);
  lines.push(
    'Your reply to a frame is your request for the next one: nothing moves while you think. Each task opens with a message ' +
      'giving the clock, how long the robot sat parked and unobserved before it, and the assignment.',
  );
  lines.push('');
  lines.push(
    'Questions come right after some frames (up to three, harm first) and after the last frame. Answer each with one value of ' +
      'the asked type, or {"type":"unknown"}:',
  );
  lines.push('- number: {"type":"number","value":metres}');
  lines.push(
    '- offset: {"type":"offset","ahead":m,"left":m} from the camera, horizontal; negative ahead = behind, negative left = right',
  );
  lines.push('- place: {"type":"place","x":m,"y":m} in the map frame');
  lines.push('- list: {"type":"list","places":[{"x":m,"y":m}, ...]} (an empty list says there is nothing to list)');
  lines.push('- heading: {"type":"heading","deg":d} relative to where the robot faces, positive = left');
  lines.push('');
  lines.push(
    'How credit works: an answer earns a credit s between 0 and 1 and scores 2s - 1. "unknown" scores 0 where an answer exists ' +
      'and +1 where unknown is right; an answer to a question that cannot be known scores -1.',
  );
  const margins: string[] = [];
  if (f.clearanceM !== undefined) {
    margins.push(
      `Distances, offsets, clearances and headings are credited against this job's clearance C = ${mcm(f.clearanceM)}, ` +
        'or a tenth of the distance where that is larger, or two camera pixels; on the harmful side (more room than there is, ' +
        'a person passing wider than they will) the margin is halved.',
    );
  } else {
    margins.push(
      "Distances, offsets, clearances and headings are credited against the job's clearance, or a tenth of the distance where that is larger; on the harmful side the margin is halved.",
    );
  }
  if (f.reacquireM !== undefined)
    margins.push(`A place in the map is credited against the re-find radius R = ${mcm(f.reacquireM)}.`);
  if (f.matchM !== undefined)
    margins.push(
      `A listed place matches a thing within ${mcm(f.matchM)}; a missed thing costs more than a false place.`,
    );
  lines.push(margins.join(' '));
  lines.push(
    'Saying there is room to drive where there is none scores -2, and leaving out a person or a hazard the job must avoid -3, ' +
      'whatever the credit; "unknown" never does.',
  );
  lines.push('');
  lines.push(
    'A question may name something the robot never saw, or something that is not there at all: then the right answer is ' +
      'unknown. Space the camera never looked at is unknown too.',
  );
  return lines.join('\n');
}
