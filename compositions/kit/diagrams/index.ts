// The kit's diagrams: one component per file, its layout function beside it.
export { FlowDiagram, FLOW_MAX_NODES } from './flow-diagram';
export type { FlowShape } from './flow-layout';
export { HubSpoke, HUB_MAX_SPOKES } from './hub-spoke';
export type { DiagramNode } from './common';
export { SequenceDiagram, sequenceActors, sequenceMessages } from './sequence-diagram';
export type { SequenceActor, SequenceMessage } from './sequence-diagram';
export { SEQUENCE_MAX_ACTORS, SEQUENCE_MAX_MESSAGES, SEQUENCE_MIN_ACTORS, sequenceLayout, sequenceShots } from './sequence-layout';
export type { SequencePlan } from './sequence-layout';
