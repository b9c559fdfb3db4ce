/**
 * The dataset card (README.md): a Hugging Face dataset README with YAML front matter, then the card's sections with
 * every table generated from the release's own counts (release.json), the job specs, the places and the check
 * report. Nothing in it is written by hand per release, and nothing names a publisher the options did not give.
 */
import { stringify } from 'yaml';
import type { CheckReport } from '../../checks/check-report.ts';
import type { JobSpec } from '../../jobs/job-schema.ts';
import type { Place } from '../../layouts/place-schema.ts';
import { questionsParquet } from './parquet.ts';
import type { Split } from '../../formats/split.ts';
import type { ReleaseJson } from './release-json.ts';
import { familiesWhere } from '../../compile/family-registry.ts';
import { RETIRED_CHANNELS } from '../../checks/harness/protocol.ts';
import {
  CATASTROPHE_SCORE,
  coverageLine,
  DEFAULT_B,
  FULL_CELL_QUESTIONS,
  NEED_RANGE_SHARE,
  resultsTable,
  type Results,
} from '../../checks/score/index.ts';
import { SYSTEMS } from '../../checks/systems/registry.ts';
import type { ReferenceEntry } from './release-json.ts';

export interface CardInput {
  release: ReleaseJson;
  report: CheckReport;
  /** the job specs of the jobs the release holds, by id */
  jobs: ReadonlyMap<string, JobSpec>;
  /** the places the release shows, by id */
  places: ReadonlyMap<string, Place>;
  prettyName: string;
  codeUrl: string | null;
  citation: string | null;
  /** the shipped reference rows: release.json's entry and the results file it names, read back */
  references: readonly { entry: ReferenceEntry; results: Results }[];
}

/** Integers as the card prints them: 1,761. */
export const num = (n: number): string => n.toLocaleString('en-US');

const TABLE_ABILITIES = ['clearance', 'distance', 'memory', 'relevance'] as const;

function row(cells: readonly (string | number)[]): string {
  return `| ${cells.map((c) => (typeof c === 'number' ? num(c) : c)).join(' | ')} |`;
}

function table(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string[] {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)];
}

/** The size category of the Hub's metadata for n rows. */
export function sizeCategory(n: number): string {
  if (n < 1_000) return 'n<1K';
  if (n < 10_000) return '1K<n<10K';
  if (n < 100_000) return '10K<n<100K';
  if (n < 1_000_000) return '100K<n<1M';
  return '1M<n<10M';
}

/** The splits a release holds, dev first. */
export function releaseSplits(r: Pick<ReleaseJson, 'counts'>): Split[] {
  const held = new Set(r.counts.by_job.map((g) => g.split));
  return held.has('heldout') ? ['dev', 'heldout'] : ['dev'];
}

function frontMatter(i: CardInput): string {
  const meta = {
    license: 'cc-by-4.0',
    pretty_name: i.prettyName,
    language: ['en'],
    task_categories: ['visual-question-answering', 'robotics'],
    size_categories: [sizeCategory(i.release.counts.total.questions)],
    annotations_creators: ['machine-generated'],
    source_datasets: ['original'],
    tags: [
      'spatial-reasoning',
      'memory',
      'embodied',
      'synthetic',
      'benchmark',
      ...(i.release.truth_only ? ['truth-only'] : []),
    ],
    configs: [
      {
        config_name: 'questions',
        default: true,
        data_files: releaseSplits(i.release).map((split) => ({ split, path: questionsParquet(split) })),
      },
    ],
  };
  return `---\n${stringify(meta).trimEnd()}\n---`;
}

/** The abilities the card's table shows: the four asked, plus any other that holds questions. */
export function tableAbilities(release: ReleaseJson): string[] {
  const extra = Object.entries(release.counts.total.abilities)
    .filter(([a, n]) => n > 0 && !(TABLE_ABILITIES as readonly string[]).includes(a))
    .map(([a]) => a);
  return [...TABLE_ABILITIES, ...extra];
}

function summary(i: CardInput): string[] {
  const r = i.release;
  const t = r.counts.total;
  const jobs = r.counts.by_job.map((g) => `\`${g.job}\``).join(', ');
  const cases = t.cases.short + t.cases.medium + t.cases.long;
  const abilities = tableAbilities(r);
  return [
    '## Summary',
    '',
    "A script is one robot doing one job in one place for a few tasks, rendered once at the job camera's resolution (an",
    'RGB JPEG for the agent and a 16-bit depth PNG, private, for the scorer, a keyframe). A case is a window of a',
    "script's tasks, the unit a system is run on: short is 1 task, medium 2 or 3, long 4 to 6. Cases are delivered as if",
    'they were the whole job: steps are numbered from 0 and the clock starts fresh.',
    `This release is ${num(t.scripts)} scripts and ${num(cases)} cases of ${jobs}, with ${num(t.questions)} questions over ${num(t.frames)} frames.`,
    '',
    ...table(
      [
        'Layout',
        'Split',
        'Job',
        'Scripts',
        'Cases (short / medium / long)',
        'Cases asking nothing',
        'Questions',
        'Frames',
      ],
      [
        ...r.counts.by_job.map((g) => [
          `\`${g.layout}\``,
          g.split,
          `\`${g.job}\``,
          g.scripts,
          `${num(g.cases.short)} / ${num(g.cases.medium)} / ${num(g.cases.long)}`,
          g.cases_asking_nothing,
          g.questions,
          g.frames,
        ]),
        [
          'Total',
          '',
          '',
          t.scripts,
          `${num(t.cases.short)} / ${num(t.cases.medium)} / ${num(t.cases.long)}`,
          t.cases_asking_nothing,
          t.questions,
          t.frames,
        ],
      ],
    ),
    '',
    'Questions by ability:',
    '',
    ...table(
      ['Layout', 'Split', 'Job', ...abilities],
      [
        ...r.counts.by_job.map((g) => [
          `\`${g.layout}\``,
          g.split,
          `\`${g.job}\``,
          ...abilities.map((a) => g.abilities[a] ?? 0),
        ]),
        ['Total', '', '', ...abilities.map((a) => t.abilities[a] ?? 0)],
      ],
    ),
    '',
    `Exported by stbench ${r.versions.tool}.`,
    '',
    r.truth_only
      ? `The pictures are not renders: this is a truth-only dataset, whose frames were ray-cast from the world model (flat-shaded pictures, exact depth and ids) to measure the questions and gates at size; they are in this download; the questions and their scoring are ${r.versions.compile ? `compile ${r.versions.compile}'s` : "this compile's"}${r.compile.seed ? `, compile seed \`${r.compile.seed}\`` : ''}.`
      : `The pictures are rendered with Blender Cycles${r.versions.render ? ` (render ${r.versions.render})` : ''} and are in this download; the questions and their scoring are ${r.versions.compile ? `compile ${r.versions.compile}'s` : "this compile's"}${r.compile.seed ? `, compile seed \`${r.compile.seed}\`` : ''}.`,
    'Running and scoring a case needs the stbench code, which runs without Blender, a GPU or any further download.',
    'Blender is needed only to build new scripts.',
  ];
}

function jobsSection(i: CardInput): string[] {
  const rows = i.release.counts.by_job.map((g) => {
    const j = i.jobs.get(g.job);
    const p = i.places.get(g.layout);
    return [
      `\`${g.job}\``,
      j ? `a ${j.robot_class}` : '',
      p ? `\`${g.layout}\`, ${p.name}${g.split === 'heldout' ? ' (held out)' : ''}` : `\`${g.layout}\``,
      j?.description ?? '',
    ];
  });
  return [
    '## The jobs and the places',
    '',
    'A job has an id (`vacuum/2`), and a result names it. A result is reported per layout and per job, and no number pools layouts.',
    ...(releaseSplits(i.release).includes('heldout')
      ? [
          '',
          'The `dev` split holds the shipped places, whose maps are public. The `heldout` split holds places generated by the same code from seeds the build drew from its own secret and never published: no one designed, tuned or trained on them before this release. Results are read per split and never pooled across splits (`stbench eval --select split=heldout`).',
        ]
      : []),
    '',
    ...table(['Job', 'Robot', 'Place', 'What it does'], rows),
  ];
}

function layoutSection(): string[] {
  return [
    '## Layout',
    '',
    '```',
    'README.md LICENSE CREDITS.md check_report.json release.json',
    'results/<name>.json              the reference rows (below)',
    "data/questions-<split>.parquet   the questions table of each split (dev; heldout where held) the Hub's viewer shows (no gold)",
    'scripts/<sid>/                   what a robot receives; <sid> is 16 random hex characters',
    '  robot.json',
    '  sensors/ camera.json pose.jsonl rgb/000000.jpg ...',
    "  perception/oracle.jsonl        the detections channel's list of what is in view, with 3-D centres",
    'private/                         never handed to a system (not secret: the gold is public)',
    '  index/<id>.json                one entry a script or case',
    '  <sid>/ timeline.json visibility.jsonl perception_ids.jsonl render_log.json depth/000000.png ...',
    '  <cid>/ case.json questions.jsonl gold.jsonl',
    '```',
    '',
    "The agent has a camera, not a depth sensor. The robot's depth is recorded once, but it is the scorer's: it lives in",
    '`private/<sid>/depth/` and nowhere under `scripts/`, and no agent channel is sent it. `private/` is named for the code',
    'that reads it: the harness never hands these files to a system. They let anyone run, score and check a case, and',
    'recompute every gold from `timeline.json` and `visibility.jsonl` without Blender. Every file and field is described',
    "in the code repository's docs/format.md. `release.json` holds the counts above, each case's length and question",
    'count, the cell counts the scores weigh by, the versions, the reference rows, and every file with its sha256',
    '(`stbench verify` checks them, and checks the reference rows against the shipped cases).',
  ];
}

function channelsSection(i: CardInput): string[] {
  const r = i.release;
  const retired = Object.keys(RETIRED_CHANNELS).map(
    (c) =>
      `The \`${c}\` channel is retired: a run that asks for it is refused (depth is the scorer's, never an agent's).`,
  );
  const install = i.codeUrl
    ? [
        `git clone ${i.codeUrl} stbench && cd stbench`,
        'bash pipeline/setup.sh        # Debian: the npm packages, python3, bubblewrap',
      ]
    : [
        '# in a checkout of the stbench code',
        'bash pipeline/setup.sh        # Debian: the npm packages, python3, bubblewrap',
      ];
  const download = r.repo_id
    ? [`hf download ${r.repo_id} --repo-type dataset --revision v${r.version} --local-dir data`]
    : ['# the dataset folder as data/ (no hub id was given at export)'];
  const scripted = [...SYSTEMS.keys()].map((n) => `\`${n}\``).join(', ');
  return [
    '## The protocol and the run commands',
    '',
    'A system is a process that speaks the stream protocol: start, then per task a task message and one observe a frame,',
    "with an ask right after a look point's frame, then the end ask and finish. A system's reply to a frame is its request",
    'for the next. There is no depth image for an agent, nothing from the future is readable, and no step names a thing.',
    '',
    ...table(
      ['Channel', 'A system receives', 'Used for'],
      [
        [
          '`rgb_pose`',
          'RGB images, pose and status; no depth image',
          "the agents' channel, and the default: perception and memory both",
        ],
        [
          '`detections`',
          'depth images (from `private/`), pose and status, and a perfect list of what is in view',
          'the gates and the perfect-perception diagnostic; the release ships no agent row on it',
        ],
      ],
    ),
    '',
    ...retired,
    '',
    '```',
    ...install,
    ...download,
    'npx stbench eval all_unknown --data data --out runs/floor',
    'npx stbench eval claude:sonnet --data data --dry-run',
    'npx stbench eval claude:sonnet --data data --out runs/sonnet --workers 4 --max-usd 50',
    'npx stbench eval compare runs/floor runs/sonnet',
    'npx stbench view runs/sonnet',
    '```',
    '',
    '`stbench eval` runs a system over the cases that ask a question, resumably and in parallel (`--workers`), and writes',
    'one `results.json` (and `results.md`) with one aggregate per layout. SYSTEM is a model: `claude:haiku|sonnet|opus`',
    '(the reference agent: Claude Code headless with exactly two tools, `next_frame` and `submit_answer`, from',
    "stbench's own MCP server), `codex:<model>`, `openai:<model>` (any OpenAI-compatible endpoint, `--base-url`) or",
    "`anthropic:<model>`; one of this tool's scripted systems",
    `(${scripted}), \`cmd:<command>\` (any program speaking the protocol on its stdin and stdout) or \`FILE.py:Class\`, a`,
    "Python class that subclasses `System` from the harness's `system_shim`, keeps its memory under `self.state_dir` and",
    'answers from `answer(question)`. An external system runs in a bubblewrap sandbox that shows it only its frames as they',
    'come due and its own state folder, with no network; `--local` runs it as a plain process, and its results then say',
    '`sandbox: none`. `--select job=... / length=... / layout=...` runs part of the release; a paid system',
    'may report its cost (a model form reports its tokens and dollars itself; `--prices FILE` prices the ones whose CLI',
    'or API gives none), and `--max-usd TOTAL --case-usd X` cap what it may spend. `--dry-run` prints the cases and an',
    'estimate of tokens and dollars first. `stbench eval compare` gives the paired difference per layout of two runs on',
    "the same cases, and refuses runs scored differently; `stbench view` writes the pages that show a run's answers and",
    "each case's transcript beside the frames (under the run folder). Run one case with `stbench run SYSTEM",
    'data/private/<cid>`.',
  ];
}

const ABILITY_ROWS: { ability: string; asks: string; column: string }[] = [
  { ability: 'distance', asks: 'where is that thing from me, now?', column: '`now`' },
  {
    ability: 'memory',
    asks: 'where, as I last saw it, is that thing from where I am? which way do I set off to reach it?',
    column: '`memory`',
  },
  {
    ability: 'relevance',
    asks: 'what stood within a stated distance of the way I drove, or what could my brush catch in the rooms I cleaned?',
    column: '`memory`',
  },
  {
    ability: 'clearance',
    asks: 'how far could my body go, which way gives it the most room, how close did a person come or would the person nearest me come?',
    column: '`now` or `memory`, by what answers it',
  },
  { ability: 'change', asks: 'was it where it was on my first pass?', column: '`memory`' },
  { ability: 'prediction', asks: 'where will that mover be in a moment?', column: 'a diagnostic, in no mean' },
];

function abilitiesSection(i: CardInput): string[] {
  const asked = (a: string) => {
    const jobs = i.release.counts.by_job.filter((g) => (g.abilities[a] ?? 0) > 0).map((g) => `\`${g.job}\``);
    return jobs.length ? jobs.join(', ') : 'no job';
  };
  const k = NEED_RANGE_SHARE;
  const corridor = CATASTROPHE_SCORE.minus2_corridor;
  const person = CATASTROPHE_SCORE.minus3_person;
  return [
    '## Scoring and the abilities',
    '',
    'Each question has a gold computed by code from the timeline and the visibility log, with the frames it is read from',
    'named; a thing the robot never saw, and space it never looked at, is `unknown`. An answer earns a credit s in [0, 1],',
    'the mean of four quarters: the right direction (the side, blocked or clear, within the radius for a place), the right',
    'thing (whole within twice what the job needs, falling to nothing at four times), the right amount (whole within what',
    'the job needs, falling to nothing at twice) and precision (whole only within one pixel of the camera at the geometry',
    'the gold rests on, falling to nothing at what the job needs). So no answer coarser than a pixel earns the whole.',
    `The need is the job's own (C, below) while the distance judged is within ${k} C, and a tenth of that distance beyond`,
    `it (d / ${k}), never finer than two pixels. An answer scores 2s - 1; \`unknown\` scores 0 where an answer exists and 1`,
    'where `unknown` is right; an answer to a question that cannot be known scores -1, and so does an invalid answer.',
    '',
    'On the harmful side the need is halved (never below two pixels): a clearance answered longer than it is, a closest',
    'approach answered wider, a thing placed farther from the camera than it is, a heading without room to move. A list',
    'scores per item: a missed thing costs one and a false place half (s = matched credit / (things + false places / 2);',
    "an empty gold list scores 1 / (1 + false places / 2)). A heading scores by its regret against the best heading's run",
    '(its direction is room to move), and the way to a remembered thing by how much nearer to it a drive along the heading',
    "brings the robot, through the floor it has seen, against the best heading's progress.",
    '',
    '2s - 1 is the gate score: every validity check reads it. The reported score is the same except for a catastrophe, an',
    "answer whose action would end in harm by a harmful error larger than the job's clearance (or two pixels, if more):",
    `${corridor} for a corridor said longer than it is, ${person} for a person said to be clear who came inside the body or a`,
    'hazard the brush could catch left out of a list. `unknown` is never one. Each gold row records the age of its',
    'evidence (`age_s`, `age_band`: `now`, `recent` within 60 s, `task`, `earlier`), and the results give the score by band',
    'and the catastrophe rate, the share of the harm answers that are catastrophes.',
    '',
    'Every question belongs to one ability, the thing a controller would ask itself:',
    '',
    ...table(
      ['Ability', 'A controller asks itself', 'Column', 'Asked in this release'],
      ABILITY_ROWS.map((r) => [r.ability, r.asks, r.column, asked(r.ability)]),
    ),
    '',
    'The headline is the mean of the `now` and `memory` columns (a question is `now` when the latest frame alone gives its',
    'gold), so perception and memory count equally whatever their question counts; inside a column its cells (job,',
    `ability, column) are averaged by their weights: a cell with ${FULL_CELL_QUESTIONS} questions or more in the release weighs 1, a thinner one`,
    `n / ${FULL_CELL_QUESTIONS} (release.json's \`cell_counts\`). The 95% interval is a bootstrap over scripts (${num(DEFAULT_B)} resamples, each`,
    "job's scripts resampled within the job), because the cases cut from one script are not independent. Results are",
    'reported per layout, never pooled across layouts, with breakdowns by job, family, length, kind and age band.',
  ];
}

function tolerancesSection(i: CardInput): string[] {
  const jobs = i.release.counts.by_job.map((g) => g.job).filter((j, k, a) => a.indexOf(j) === k);
  const m = (v: number) => String(v);
  const rows = jobs.map((id) => {
    const j = i.jobs.get(id);
    if (!j) return [`\`${id}\``, '', '', ''];
    return [
      `\`${id}\``,
      m(j.clearance.value),
      m(j.reacquire.value),
      j.match_m.value === null ? 'none: it asks no list' : m(j.match_m.value),
    ];
  });
  const sources = jobs.flatMap((id) => {
    const j = i.jobs.get(id);
    if (!j) return [];
    return [
      `- \`${id}\`: C ${m(j.clearance.value)} m (${j.clearance.source}); R ${m(j.reacquire.value)} m (${j.reacquire.source}); list matching radius ${j.match_m.value === null ? 'none' : `${m(j.match_m.value)} m`} (${j.match_m.source}).`,
    ];
  });
  return [
    '## Tolerances',
    '',
    "Credit is set by what the job needs to act on an answer, and the numbers are the job's own, on the gold row of every",
    'question: distances, clearances and headings against the clearance C, a place in the map against the re-find radius',
    'R, a list item against the matching radius.',
    '',
    '- Where a thing is from the camera (`ego_now`, `ego_mem`), how far the body could move (`clear_path`), how close a',
    '  person came or would come (`closest_person`, `closest_approach`, `approach_mem`) and a heading (`open_heading`) are',
    '  credited against the clearance C, the margin the robot keeps beside its path.',
    '- The way to a remembered thing (`way_to`) is credited on the progress of a drive along the heading, against the best',
    "  heading's, with a need of C widened to two of its field's 0.1 m cells and a tenth of R.",
    '- A place in the map (`object_where`, `person_mem`) is credited against the re-find radius R, within which the robot',
    '  driving back finds the thing again; for a long thing whose top was above the camera whenever it was seen, R grows',
    "  by the thing's half-length beyond 0.25 m.",
    '- A list of places (`task_things`, `tangle_ahead`) is credited per thing against its matching radius, a listed place',
    "  matching a thing within four matching radii; a place inside a don't-care circle counts neither way.",
    '',
    ...table(['Job', 'Clearance C (m)', 'Re-find radius R (m)', 'List matching radius (m)'], rows),
    '',
    'Sources:',
    '',
    ...sources,
  ];
}

function checkSection(i: CardInput): string[] {
  const r = i.report;
  const rows = r.families.map((f) => [
    `\`${f.layout}\``,
    `\`${f.job}\``,
    `\`${f.family}\``,
    f.n,
    f.kept_qids.length,
    f.status,
    f.dropped_by ?? '',
    f.thin ? 'yes' : '',
  ]);
  const out = [
    '## The check',
    '',
    `A question family is in this release only if shortcuts cannot answer it. \`check_report.json\` is the report of`,
    '`stbench check` over the build: scripted systems (perfect memory of what was seen, a memory built from the',
    "detections, the current view alone, the path log, priors, another case's stream, the wording, a form adversary and",
    'all-unknown) run every case on the `detections` channel, and the gates are read per layout, job and family, with',
    `the balance rule. This export was made on the \`${r.verdict_mode}\` reading with no broken instrument; families`,
    `with fewer than ${num(r.min_questions)} questions are marked thin. The gates cover the shortcuts thought of, no more.`,
    '',
    ...table(['Layout', 'Job', 'Family', 'Questions', 'Shipped', 'Status', 'Dropped by', 'Thin'], rows),
    '',
    `Families kept: ${num(r.summary.kept_families)}; dropped: ${num(r.summary.dropped_families)}. A dropped family ships no question, and the counts above leave it out.`,
  ];
  if (r.map_reader.rows.length) {
    out.push(
      '',
      `The map reader (a diagnostic, not a gate, in no result table): ${r.map_reader.note.replace(/\.?$/, '.')}`,
      '',
      ...table(
        ['Layout', 'Job', 'Family', 'Questions', 'Score', 'Lead over all_unknown'],
        r.map_reader.rows.map((m) => [
          `\`${m.layout}\``,
          `\`${m.job}\``,
          `\`${m.family}\``,
          m.n,
          m.score.toFixed(3),
          (m.lead >= 0 ? '+' : '') + m.lead.toFixed(3),
        ]),
      ),
    );
  }
  out.push('', '```', `stbench check --data data --verdict ${r.verdict_mode} --out check.json`, '```');
  return out;
}

function referenceSection(i: CardInput): string[] {
  const refs = i.references;
  if (!refs.length) return ['## Reference results', '', 'This release ships no reference rows.'];
  return [
    '## Reference results',
    '',
    `The reference rows under \`results/\`, run by \`stbench export\` over every shipped case that asks a question and`,
    "scored by this release's scorer; `stbench verify` checks them against the shipped cases. They are scripted systems,",
    'not agents: they bracket what a system can score here.',
    '',
    ...refs.map((r) => `- \`${r.entry.file}\`: \`${r.entry.system}\` on \`${r.entry.channel}\`, ${r.entry.label}.`),
    '',
    resultsTable(refs.map((r) => r.results)),
    '',
    coverageLine(refs.map((r) => r.results)),
    '',
    'Compare rows only within a place and on the same cases. No agent row ships with this release.',
  ];
}

function splitSection(): string[] {
  return [
    '## One public split',
    '',
    'There is one split, and all of it is public, gold included: there is no held-out set. A result on it can be overfit,',
    'and it says nothing about a layout this dataset does not hold. A result is only as honest as the system that made it:',
    "publish the agent's code with a result, and its results' `sandbox` field (`bwrap`, or `none` for a `--local` run, which",
    'could read `private/`). Do not recompile the questions: question ids are random per compile, so a recompile orphans',
    'every earlier result.',
  ];
}

function licenceSection(i: CardInput): string[] {
  const thirdParty = [...i.places.values()].some((p) => p.credits.assets.length > 0);
  return [
    '## Licence and credits',
    '',
    `This dataset is released under CC BY 4.0 (LICENSE). ${thirdParty ? 'Some 3D objects are third-party assets licensed CC BY or CC0; their attributions are in CREDITS.md.' : 'All geometry is procedural (CREDITS.md).'}`,
    'The code is MIT, and its render/blender/ folder, which runs inside Blender, is GPL-3.0-or-later: the frames and files',
    'made with it are part of this CC BY 4.0 dataset.',
  ];
}

function hubSection(i: CardInput): string[] {
  const r = i.release;
  const out = ['## Hub id and citation', ''];
  if (r.repo_id) {
    out.push(
      `This dataset is \`${r.repo_id}\`, version ${r.version}.`,
      '',
      '```',
      `hf download ${r.repo_id} --repo-type dataset --revision v${r.version} --local-dir data`,
      '```',
    );
  } else {
    out.push(
      `Version ${r.version}. No hub id was given at export (\`stbench export --repo-id OWNER/NAME\` or a release config sets it).`,
    );
  }
  if (i.codeUrl) out.push('', `The code that runs and scores it: ${i.codeUrl}.`);
  out.push('');
  if (i.citation) out.push('```bibtex', i.citation, '```');
  else out.push('No citation was given at export.');
  return out;
}

function limitationsSection(i: CardInput): string[] {
  const r = i.release;
  const t = r.counts.total;
  const layouts = [...new Set(r.counts.by_job.filter((g) => g.split === 'dev').map((g) => g.layout))];
  const heldout = [...new Set(r.counts.by_job.filter((g) => g.split === 'heldout').map((g) => g.layout))];
  const out = [
    '## Limitations',
    '',
    `- Synthetic ${r.truth_only ? 'ray casts (not renders)' : 'renders'} of ${layouts.length === 1 ? 'one fixed layout' : `${layouts.length} fixed layouts`} (${layouts.map((l) => `\`${l}\``).join(', ')}). Nothing here says how a system fares on real footage or on a place this dataset does not hold.`,
    heldout.length
      ? `- The gold is public. The held-out split's ${heldout.length} generated place${heldout.length === 1 ? '' : 's'} (${heldout.map((l) => `\`${l}\``).join(', ')}) were unseen before this release, and are not after it: a later release draws a fresh held-out set. Kinds of place with no generator yet have no held-out place.`
      : '- The gold is public and there is no held-out set: this is a development-style benchmark of these places, not a leaderboard of unseen layouts.',
    "- Every answer comes from the robot's own camera frames, so perception is in every score; the `detections` channel's scripted systems are the only perfect-perception reference.",
  ];
  if ((t.abilities.change ?? 0) === 0)
    out.push('- Change over time is not tested: no question asks what moved, appeared or went since an earlier pass.');
  const thin = Object.entries(r.cell_counts).filter(([, n]) => n < 20);
  if (thin.length)
    out.push(
      `- ${thin.length} cell${thin.length === 1 ? ' holds' : 's hold'} fewer than 20 questions and weigh${thin.length === 1 ? 's' : ''} n / 20 of a full cell: ${thin.map(([k, n]) => `${k.replace(/\|/g, ' ')} (${n})`).join(', ')}.`,
    );
  if (t.cases.long === 0) out.push('- No long case ships: memory is tested over 1 to 3 tasks, not full shifts.');
  const mapFamilies = familiesWhere((d) => d.map_diagnostic);
  const structure = r.check.kept.filter((k) => mapFamilies.includes(k.family));
  if (structure.length)
    out.push(
      `- The structure questions (${mapFamilies.map((f) => `\`${f}\``).join(', ')}) are asked of places with public maps: a system that holds a layout can answer them without the sensors. The map reader measures this; it is a diagnostic and no gate.`,
    );
  const minScripts = Math.min(...r.counts.by_job.map((g) => g.scripts));
  out.push(
    `- The smallest job holds ${num(minScripts)} script${minScripts === 1 ? '' : 's'}, and the cases cut from one script are not independent, so intervals bootstrap over scripts. Compare systems within a layout and job, on the same cases.`,
  );
  if (r.check.dropped.length)
    out.push(
      `- A family that failed its gates was dropped from its job rather than re-tuned, so jobs differ in the families they ask: ${r.check.dropped.map((d) => `\`${d.family}\` on \`${d.job}\` (${d.dropped_by})`).join(', ')}.`,
    );
  out.push(
    i.references.length
      ? '- The reference rows are scripted systems only (the floor and the perfect-perception ceiling); no agent row ships.'
      : '- This release ships no reference results.',
    '- The gates test the shortcuts thought of. A system that finds another is outside what they exclude.',
  );
  return out;
}

/** The card's full text. */
export function cardText(i: CardInput): string {
  const hasChange = (i.release.counts.total.abilities.change ?? 0) > 0;
  const intro = [
    `# ${i.prettyName}`,
    '',
    "A benchmark of an agent's task-conditioned spatiotemporal ability, perception and memory both: would this agent, as the",
    "onboard brain of a robot doing a real job, know what it needs to know about the space around it, now and over the job's",
    `history? Simulated robots do realistic jobs in procedural, changing places; each job is ${i.release.truth_only ? 'ray-cast' : 'rendered with Blender Cycles'} once along the`,
    "robot's path, with the whole truth kept. The benchmark streams that recording to an agent that keeps its own memory,",
    'asks it the decisions a controller would face, and checks every answer by code against the truth. Every gold answer',
    "is computed by code from the simulator's record of the world; none is written or generated by a model.",
    hasChange
      ? 'It measures where things are now, where the things the robot saw earlier are, and what changed.'
      : 'It measures where things are now and where the things the robot saw earlier are; it does not test change over time (see Limitations).',
  ];
  if (i.release.truth_only)
    intro.splice(
      2,
      0,
      '> **Truth-only dataset: not a release.** Its pictures are flat-shaded ray casts of the world model, not renders.',
      '> It was built with `stbench render --engine raycast` to read the questions and the gates at full size; scores on',
      '> its pictures say nothing about a camera-driven agent.',
      '',
    );
  const sections = [
    intro,
    summary(i),
    jobsSection(i),
    layoutSection(),
    channelsSection(i),
    abilitiesSection(i),
    tolerancesSection(i),
    checkSection(i),
    splitSection(),
    referenceSection(i),
    licenceSection(i),
    hubSection(i),
    limitationsSection(i),
  ];
  return `${frontMatter(i)}\n\n${sections.map((s) => s.join('\n')).join('\n\n')}\n`;
}
