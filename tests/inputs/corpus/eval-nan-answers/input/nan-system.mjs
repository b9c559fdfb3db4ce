import { createInterface } from 'node:readline';
for await (const line of createInterface({ input: process.stdin })) {
  const m = JSON.parse(line);
  if (m.type === 'finish') break;
  if (m.type !== 'ask') {
    console.log('{"type":"next"}');
    continue;
  }
  console.log(
    '{"answers":[' +
      m.questions.map((q) => `{"qid":"${q.qid}","answer":{"type":"offset","ahead":NaN,"left":Infinity}}`).join(',') +
      ']}',
  );
}
