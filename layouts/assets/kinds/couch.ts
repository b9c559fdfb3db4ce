/** A couch: two to four seats of cushions on a base between two arms, a back, legs or a plinth (layouts/assets/sofa.ts). */
import type { AssetDef } from '../asset.ts';
import { buildSofa, SofaParams, sofaIssues, sofaSurface } from '../sofa.ts';

export const asset: AssetDef<SofaParams> = {
  kind: 'couch',
  summary: 'seat and back cushions on a base between arms, a back frame, legs or a plinth; its surface is the seat',
  params: SofaParams,
  sizes: () => ({ min: [1.2, 0.7, 0.65], max: [3.4, 1.1, 1.05] }),
  surface: (size) => sofaSurface(size),
  issues: (size, p) => sofaIssues('couch', size, p),
  variants: [
    {},
    { arms: 'rolled', legs: 'wood', back: 'cushions' },
    { arms: 'slim', legs: 'metal', back: 'tight' },
    { arms: 'none', legs: 'plinth', seats: 2 },
  ],
  build: (size, p, rng, surface) => buildSofa(size, p, rng, surface),
};
