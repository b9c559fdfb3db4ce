/** An armchair: a one-seat couch (layouts/assets/sofa.ts), its cushion between two arms. */
import type { AssetDef } from '../asset.ts';
import { buildSofa, SofaParams, sofaIssues, sofaSurface } from '../sofa.ts';

const Params = SofaParams.omit({ seats: true });

export const asset: AssetDef<SofaParams> = {
  kind: 'armchair',
  summary: 'one seat cushion and a back cushion on a base between arms, a back frame, legs or a plinth',
  params: Params,
  sizes: () => ({ min: [0.6, 0.65, 0.65], max: [1.2, 1.05, 1.1] }),
  surface: (size) => sofaSurface(size),
  issues: (size, p) => sofaIssues('armchair', size, p),
  variants: [
    {},
    { arms: 'rolled', legs: 'wood', back: 'cushions' },
    { arms: 'square', legs: 'metal', back: 'tight' },
    { arms: 'slim', legs: 'plinth' },
  ],
  // an armchair has arms unless it is asked for none
  build: (size, p, rng, surface) =>
    buildSofa(size, p, rng, surface, 1, ['square', 'square', 'rolled', 'rolled', 'slim']),
};
