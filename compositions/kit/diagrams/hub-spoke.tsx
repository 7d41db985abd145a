import React from 'react';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { bodyDelay } from '../data/common';
import { useLayout } from '../layout';
import { Connectors, type DiagramNode, diagramNode, diagramNodes, type DiagramPlan, DiagramScene, fanDots, fanTiming, hasHeading, NodeDisc, NodeText, planDiagram, useIdle } from './common';
import type { DiagramBox, NodePlace } from './geometry';
import { hubArrangements } from './hub-layout';

/** The most spokes a hub diagram shows. */
export const HUB_MAX_SPOKES = 6;

/**
 * One thing and what belongs to it: a large pictured hub in the middle with two to six pictured
 * spokes around it on an ellipse fitted to the canvas (wide canvases put them left and right of the
 * hub), each label under its disc, sized alike.
 *
 * Motion: the hub pops in, then lines draw out from it one after another and each spoke pops in
 * as its line arrives. While it holds, a ring pulses out from the hub, dots run out along the
 * lines and the spokes float gently, in steps of a sixth of a second.
 */
export const HubSpoke: React.FC<{ theme: Theme; title?: string; kicker?: string; hub: DiagramNode; spokes: DiagramNode[] }> = ({ theme, title, kicker, hub, spokes }) => {
  const layout = useLayout();
  const nodes = [diagramNode(hub) ?? { label: '' }, ...diagramNodes(spokes, HUB_MAX_SPOKES)];
  const heading = hasHeading(title, kicker);
  const plan = (box: DiagramBox) => planDiagram({ theme, box, canvas: { width: layout.width, height: layout.height }, nodes, heading, kind: 'hub', arrangements: (heights) => hubArrangements(box, nodes.length - 1, heights) });
  return (
    <DiagramScene theme={theme} seed={`hub-${String(title ?? '')}`} title={title} kicker={kicker} part="hub-spoke" bodyHeight={(box) => plan(box)?.height ?? box.height}>
      {(box) => {
        const planned = plan(box);
        return planned ? <HubBody theme={theme} plan={planned} nodes={nodes} start={heading ? bodyDelay(theme) : 6} u={box.u} /> : null;
      }}
    </DiagramScene>
  );
};

/** A ring spreading out from the hub's disc and fading, once every 1.8 s. */
const HubPulse: React.FC<{ theme: Theme; place: NodePlace; seconds: number; u: number }> = ({ theme, place, seconds, u }) => {
  const colors = kitColors(theme);
  const phase = (seconds / 1.8) % 1;
  const size = place.size * (1 + 0.22 * phase);
  return (
    <div
      style={{ position: 'absolute', left: place.x - size / 2, top: place.y - size / 2, width: size, height: size, boxSizing: 'border-box', borderRadius: '50%', border: `${Math.max(2, 6 * u)}px solid ${colors.accent}`, opacity: 0.7 * (1 - phase) }}
    />
  );
};

const HubBody: React.FC<{ theme: Theme; plan: DiagramPlan; nodes: DiagramNode[]; start: number; u: number }> = ({ theme, plan, nodes, start, u }) => {
  const { arrangement, texts, shift } = plan;
  const timing = fanTiming(theme, arrangement.links.length, start);
  const { seconds, holding } = useIdle(timing.settled);
  return (
    <div style={{ position: 'absolute', left: shift.x, top: shift.y, width: 0, height: 0 }}>
      <Connectors theme={theme} links={arrangement.links} timing={timing.links} seconds={seconds} holding={holding} dots={fanDots} u={u} />
      {holding ? <HubPulse theme={theme} place={arrangement.nodes[0]!} seconds={seconds} u={u} /> : null}
      {arrangement.nodes.map((place, i) => (
        <React.Fragment key={i}>
          <NodeDisc theme={theme} node={nodes[i]!} place={place} delay={timing.nodeDelay[i] ?? start} seconds={i === 0 ? 0 : seconds} phase={i} step={i === 0 ? null : i} u={u} />
          <NodeText theme={theme} texts={texts[i]!} align={place.align} delay={(timing.nodeDelay[i] ?? start) + 3} u={u} />
        </React.Fragment>
      ))}
    </div>
  );
};
