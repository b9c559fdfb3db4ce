import { beforeAll, describe, expect, it } from 'vitest';
import { intrinsics, project } from '../../../../layouts/camera.ts';
import { auditPage, readFunnel } from '../../../../pipeline/view/audit-page.ts';
import { thingsNamed } from '../../../../pipeline/view/case-map.ts';
import { compassSvg, headingCredits } from '../../../../pipeline/view/compass.ts';
import { answerText, goldText, scoreClass } from '../../../../pipeline/view/formats.ts';
import { cameraAt, clearPathTurn, goldMarks, offsetToMap } from '../../../../pipeline/view/gold-marks.ts';
import { loadViewCase, type ViewCase } from '../../../../pipeline/view/load-build.ts';
import { CID, Q, makeViewBuild, type ViewFixture } from '../../../helpers/view-fixture.ts';

let f: ViewFixture;
let vc: ViewCase;
beforeAll(async () => {
  f = await makeViewBuild();
  vc = loadViewCase(f.root, CID);
}, 60_000);

const goldOf = (qid: string) => f.golds.find((g) => g.qid === qid)!;
const textOf = (qid: string) => vc.loaded.questions.get(qid)!.text;

describe('gold marks', () => {
  it('reads frame times from the script clocks and the ask frame of each question', () => {
    expect(vc.times[0]).toBeCloseTo(20, 6);
    expect(vc.times[9]).toBeCloseTo(29, 6);
    expect(vc.askK.get(Q.ego)).toBe(2);
    expect(vc.askK.get(Q.bag)).toBe(9);
  });

  it('turns an ego offset into the map through the camera at the ask', () => {
    const m = goldMarks(vc, goldOf(Q.ego), 2, textOf(Q.ego));
    expect(m.points).toHaveLength(1);
    expect(m.points[0].x).toBeCloseTo(4.9, 6);
    expect(m.points[0].y).toBeCloseTo(2.2, 6);
    const cam = cameraAt(vc, 2);
    const back = offsetToMap(cam, 1.1, -0.6);
    expect(back.x).toBeCloseTo(4.9, 6);
  });

  it('projects the gold with the camera intrinsics onto the frames that answer it', () => {
    const m = goldMarks(vc, goldOf(Q.bag), 9, textOf(Q.bag));
    expect(m.onFrames.map((p) => p.k)).toEqual([1, 3]);
    const k = intrinsics(640, 480, 80);
    // the brown bag rests on the floor: its gold point sits at z = 0
    const want = project(k, cameraAt(vc, 3), [5.2, 1.0, 0])!;
    const got = m.onFrames.find((p) => p.k === 3)!;
    expect(got.u).toBeCloseTo(want.u, 0);
    expect(got.v).toBeCloseTo(want.v, 0);
    // facing -x, left is -y: the bag (y 1.0, robot at y 1.6) lies in the image's left half
    expect(got.u).toBeLessThan(320);
  });

  it('leaves an unknown gold without marks', () => {
    expect(goldMarks(vc, goldOf(Q.unknown), 5, textOf(Q.unknown))).toEqual({ points: [], onFrames: [] });
  });

  it('sweeps the clear_path corridor from the body along the heading, with the clearance band around it', () => {
    const m = goldMarks(vc, goldOf(Q.clear), 2, textOf(Q.clear));
    const body = m.corridor!.body;
    const xs = body.map((p) => p[0]);
    const ys = body.map((p) => p[1]);
    // robot at (6.0, 1.6) facing -x; body 0.34 long, 0.33 wide; gold 1.2 m
    expect(Math.max(...xs)).toBeCloseTo(6.0 + 0.17, 6);
    expect(Math.min(...xs)).toBeCloseTo(6.0 - 0.17 - 1.2, 6);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(0.33, 6);
    const band = m.corridor!.band;
    expect(Math.min(...band.map((p) => p[0]))).toBeCloseTo(6.0 - 0.17 - 1.2 - 0.15, 6);
    // the gold point: where the body's front stops, on the floor, drawn on the frame straight ahead of the camera
    expect(m.points).toHaveLength(1);
    expect(m.points[0].x).toBeCloseTo(6.0 - 0.17 - 1.2, 6);
    expect(m.points[0].y).toBeCloseTo(1.6, 6);
    const on = m.onFrames.find((p) => p.k === 2)!;
    const floor = project(intrinsics(640, 480, 80), cameraAt(vc, 2), [m.points[0].x, m.points[0].y, 0])!;
    expect(on.u).toBeCloseTo(320, 0);
    expect(on.v).toBeCloseTo(floor.v, 0);
    expect(clearPathTurn('after turning left 90 degrees, how far')).toBe(90);
    expect(clearPathTurn('to your right')).toBe(-90);
    expect(clearPathTurn('straight ahead')).toBe(0);
  });

  it('finds the things a question names', () => {
    expect(thingsNamed(vc.timeline!.place, 'Where did you last see the brown bag?')).toEqual(['brown_bag']);
    expect(thingsNamed(vc.timeline!.place, 'Where is the green box?')).toEqual([]);
  });
});

describe('compass', () => {
  it('gives the scorer credit per heading and draws 360 wedges', () => {
    const g = goldOf(Q.way);
    const s = headingCredits(g);
    expect(s).toHaveLength(360);
    expect(s[180 + 20]).toBe(1);
    expect(s[180 + 170]).toBe(0); // no room
    expect(s[180 - 120]).toBe(0); // unseen floor
    const svg = compassSvg(g, 35)!;
    expect(svg.match(/<polygon /g)!.length).toBe(361); // wedges + the robot
    expect(svg).toContain('compass-gold');
    expect(svg).toContain('compass-answer');
    expect(compassSvg(goldOf(Q.clear))).toBeNull();
  });
});

describe('words and colours', () => {
  it('writes golds and answers in words', () => {
    expect(goldText(goldOf(Q.ego))).toBe('ahead 1.10 m, left -0.60 m');
    expect(goldText(goldOf(Q.way))).toBe('+20° (left)');
    expect(goldText(goldOf(Q.unknown))).toBe('unknown');
    expect(answerText({ type: 'heading', deg: -15 })).toBe('-15° (right)');
    expect(answerText({ type: 'list', places: [] })).toBe('none (an empty list)');
    expect(answerText(undefined)).toBe('no answer');
    expect([1, 0.2, -0.5, -3].map(scoreClass)).toEqual(['sc-good', 'sc-fair', 'sc-poor', 'sc-cat']);
  });
});

describe('screen audit', () => {
  it('reads the funnel and shows drops per screen, flagging counts that do not add up', () => {
    const funnel = readFunnel({
      funnel: {
        counts: [
          { job: 'helper/1', family: 'ego_now', candidates: 4, drops: { size: 1, lit: 1 }, kept: 2 },
          { job: 'helper/1', family: 'way_to', candidates: 5, drops: { turn: 1 }, kept: 1 },
        ],
        dropped: [
          {
            job: 'helper/1',
            family: 'ego_now',
            sid: 'a1b2c3d4e5f60718',
            k: 7,
            thing: 'blue_bowl',
            screen: 'size',
            reason: 'small',
          },
        ],
      },
    })!;
    expect(funnel.dropped[0].frame).toBe('scripts/a1b2c3d4e5f60718/sensors/rgb/000007.jpg');
    const html = auditPage(funnel, (p) => `frames/${p.split('/').pop()}`);
    expect(html).toContain('<th>size</th><th>lit</th><th>turn</th>');
    expect(html).toContain('src="frames/000007.jpg"');
    expect(html.match(/class="mismatch"/g)).toHaveLength(1);
    expect(readFunnel({ cells: {} })).toBeNull();
  });
});
