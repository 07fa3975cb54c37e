export { actionCodec, type ActionCodec, type CodecSpec, type Decoded } from './codec.ts';
export {
  decisionFrames,
  newDecisionStack,
  cloneDecisionStack,
  sideToAct,
  topKindId,
  pushFrame,
  popFrame,
  removeFrame,
  frameArg,
  setFrameArg,
  frameSide,
  frameKindId,
  stackDepth,
  FRAME_ARGS,
  type DecisionStack,
  type DecisionFrames,
  type FrameSpec,
} from './stack.ts';
export { defineDecisions, type Decision, type DecisionModules, type Decisions, type WithPending } from './decisions.ts';
