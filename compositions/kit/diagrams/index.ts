// The kit's diagrams: one component per file, its layout function beside it.
export { FlowDiagram, FLOW_MAX_NODES } from './flow-diagram';
export type { FlowShape } from './flow-layout';
export { HubSpoke, HUB_MAX_SPOKES } from './hub-spoke';
export type { DiagramNode } from './common';
