/** The context every resolver receives, made by the operation pipeline (src/pipeline/context.ts). */
export type { Caller } from '../src/pipeline/caller.ts';
export type { GraphqlContext } from '../src/pipeline/context.ts';
