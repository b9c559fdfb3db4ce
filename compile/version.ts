/**
 * The compile's own version, independent of the renderer's and the tool's: it changes whenever the rules that
 * place look points, choose candidates or compute gold change, so that a release can say which questions it holds.
 */
export const COMPILE_VERSION = '0.1.0';
