export { actionCodec, type ActionCodec, type CodecSpec, type Decoded } from './codec.ts';
export {
  decisionFrames,
  newDecisionStack,
  cloneDecisionStack,
  sideToAct,
  topKindId,
  pushFrame,
  popFrame,
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
