import React from 'react';
import type { Theme } from '../../scene-props';
import { bodyDelay } from '../data/common';
import { useLayout } from '../layout';
import { chainTiming, Connectors, type DiagramNode, diagramNodes, type DiagramPlan, DiagramScene, fanDots, fanTiming, hasHeading, NodeDisc, NodeText, planDiagram, useIdle, walkDots } from './common';
import { flowArrangements, type FlowShape } from './flow-layout';
import type { DiagramBox } from './geometry';

/** The most nodes a flow diagram shows. */
export const FLOW_MAX_NODES = 6;

/**
 * How something works, as two to six pictured nodes joined by arrows. `line`: a process left to
 * right on wide canvases, top to bottom or in rows that turn on tall ones. `cycle`: stages around
 * a loop, numbered, the last arrow returning to the first. `branch`: one cause and its effects
 * fanned out from it. On a square a cycle, or a long line, may go round the body's edges, its
 * texts inward. Each node is a picture in a ringed disc with its label (and an optional
 * detail line) beside or under it; labels are fitted and sized alike.
 *
 * Motion: the nodes pop in one after another while the connectors draw themselves along their
 * length between them, arrowheads landing as each arrives. While it holds, a dot travels the
 * connectors (along the chain, or out along every branch at once) and the pictures float gently,
 * in steps of a sixth of a second.
 */
export const FlowDiagram: React.FC<{ theme: Theme; title?: string; kicker?: string; nodes: DiagramNode[]; shape?: FlowShape }> = ({ theme, title, kicker, nodes, shape }) => {
  const layout = useLayout();
  const shown = diagramNodes(nodes, FLOW_MAX_NODES);
  const kind: FlowShape = shape === 'cycle' || shape === 'branch' ? shape : 'line';
  const heading = hasHeading(title, kicker);
  const plan = (box: DiagramBox) =>
    shown.length > 0 ? planDiagram({ theme, box, canvas: { width: layout.width, height: layout.height }, nodes: shown, heading, kind: `flow-${kind}`, arrangements: (heights, need) => flowArrangements(box, shown.length, kind, heights, need) }) : undefined;
  return (
    <DiagramScene theme={theme} seed={`flow-${String(title ?? '')}`} title={title} kicker={kicker} part="flow-diagram" bodyHeight={(box) => plan(box)?.height ?? box.height}>
      {(box) => {
        const planned = plan(box);
        return planned ? <FlowBody theme={theme} plan={planned} nodes={shown} shape={kind} start={heading ? bodyDelay(theme) : 6} u={box.u} /> : null;
      }}
    </DiagramScene>
  );
};

const FlowBody: React.FC<{ theme: Theme; plan: DiagramPlan; nodes: DiagramNode[]; shape: FlowShape; start: number; u: number }> = ({ theme, plan, nodes, shape, start, u }) => {
  const { arrangement, texts, shift } = plan;
  const links = arrangement.links.length;
  const timing = shape === 'branch' && links > 0 ? fanTiming(theme, links, start) : chainTiming(theme, links, nodes.length, start);
  const { seconds, holding } = useIdle(timing.settled);
  const numbered = arrangement.kind.startsWith('loop') || arrangement.kind.startsWith('snake') || arrangement.kind === 'ladder' || arrangement.kind === 'frame';
  return (
    <div style={{ position: 'absolute', left: shift.x, top: shift.y, width: 0, height: 0 }}>
      <Connectors theme={theme} links={arrangement.links} timing={timing.links} seconds={seconds} holding={holding} dots={shape === 'branch' ? fanDots : walkDots(arrangement.kind.startsWith('loop'))} u={u} />
      {arrangement.nodes.map((place, i) => (
        <React.Fragment key={i}>
          <NodeDisc theme={theme} node={nodes[i]!} place={place} delay={timing.nodeDelay[i] ?? start} seconds={seconds} phase={i} number={numbered ? i + 1 : undefined} u={u} />
          <NodeText theme={theme} texts={texts[i]!} align={place.align} delay={(timing.nodeDelay[i] ?? start) + 3} u={u} />
        </React.Fragment>
      ))}
    </div>
  );
};
