import React from 'react';
import { useVideoConfig } from 'remotion';
import type { Theme } from '../../scene-props';
import { bodyDelay } from '../data/common';
import { useLayout } from '../layout';
import { type NarrationBuild, useNarrationBuild } from '../narration-build';
import { chainTiming, Connectors, type DiagramNode, diagramNodes, type DiagramPlan, DiagramScene, fanDots, fanTiming, hasHeading, NodeDisc, NodeText, planDiagram, StagePanel, useIdle, walkDots } from './common';
import { narratedTiming } from './diagram-build-layout';
import { followShots } from './diagram-camera-layout';
import { flowArrangements, type FlowShape } from './flow-layout';
import type { DiagramBox, Point } from './geometry';

/** The most nodes a flow diagram shows. */
export const FLOW_MAX_NODES = 6;

/** Nodes from which a flow is long enough for the camera to follow it node by node (when the narration spaces them). */
export const FLOW_CAMERA_NODES = 4;

/**
 * How something works, as two to six pictured nodes joined by arrows. `line`: a process left to
 * right on wide canvases, top to bottom or in rows that turn on tall ones. `cycle`: stages around
 * a loop, numbered, the last arrow returning to the first. `branch`: one cause and its effects
 * fanned out from it. On a square a cycle, or a long line, may go round the body's edges, its
 * texts inward. Each node is a large picture on a rounded tile with its label (and an optional
 * detail line) beside or under it; labels are fitted and sized alike; the whole diagram stands on
 * a colour field.
 *
 * Motion: the nodes enter as the narration names them (`useNarrationBuild`; without narration
 * one after another), each connector drawing toward its node as it comes; the node being spoken
 * about is ringed and the others step back. A flow of {@link FLOW_CAMERA_NODES} nodes or more
 * whose nodes the narration spaces out is followed by a camera, in close on each node as it is
 * named, back to the whole diagram as the narration ends. While it holds, a dot travels the
 * connectors (along the chain, or out along every branch at once) and the pictures float gently,
 * in steps of a sixth of a second.
 */
export const FlowDiagram: React.FC<{ theme: Theme; title?: string; kicker?: string; nodes: DiagramNode[]; shape?: FlowShape }> = ({ theme, title, kicker, nodes, shape }) => {
  const layout = useLayout();
  const { fps, durationInFrames } = useVideoConfig();
  const shown = diagramNodes(nodes, FLOW_MAX_NODES);
  const kind: FlowShape = shape === 'cycle' || shape === 'branch' ? shape : 'line';
  const heading = hasHeading(title, kicker);
  const start = heading ? bodyDelay(theme) : 6;
  // The stagger without narration: connectors as the shape has them (a cycle's last returns to the first).
  const linkCount = kind === 'cycle' && shown.length > 2 ? shown.length : Math.max(0, shown.length - 1);
  const own = kind === 'branch' && shown.length >= 3 ? fanTiming(theme, linkCount, start) : chainTiming(theme, linkCount, shown.length, start);
  const build = useNarrationBuild(
    shown.map((node) => node.label),
    own.nodeDelay,
    { first: start, gap: 6 },
  );
  const plan = (box: DiagramBox) =>
    shown.length > 0 ? planDiagram({ theme, box, canvas: { width: layout.width, height: layout.height }, nodes: shown, heading, kind: `flow-${kind}`, arrangements: (heights, need) => flowArrangements(box, shown.length, kind, heights, need) }) : undefined;
  // The narration's end, or a second and a half after the last node: the camera is back on the whole by then.
  const end = Math.min(durationInFrames - Math.round(fps * 1.2), build.narrated ? Math.max(...build.enter) + Math.round(fps * 1.5) : 0);
  const camera = (box: DiagramBox, origin: Point) => {
    const planned = plan(box);
    if (!planned || !build.narrated || shown.length < FLOW_CAMERA_NODES) return [];
    const places = planned.arrangement.nodes.map((place, i) => ({ ...place, text: planned.texts[i]!.rect }));
    return followShots(places, build.enter, end, { width: layout.width, height: layout.height }, { x: origin.x + planned.shift.x, y: origin.y + planned.shift.y }, { minGap: Math.round(fps * 0.6) });
  };
  return (
    <DiagramScene theme={theme} seed={`flow-${String(title ?? '')}`} title={title} kicker={kicker} part="flow-diagram" bodyHeight={(box) => plan(box)?.height ?? box.height} camera={camera}>
      {(box) => {
        const planned = plan(box);
        return planned ? <FlowBody theme={theme} plan={planned} nodes={shown} shape={kind} start={start} u={box.u} box={box} build={build} /> : null;
      }}
    </DiagramScene>
  );
};

const FlowBody: React.FC<{ theme: Theme; plan: DiagramPlan; nodes: DiagramNode[]; shape: FlowShape; start: number; u: number; box: DiagramBox; build: NarrationBuild }> = ({ theme, plan, nodes, shape, start, u, box, build }) => {
  const { arrangement, texts, shift } = plan;
  const links = arrangement.links.length;
  const own = shape === 'branch' && links > 0 ? fanTiming(theme, links, start) : chainTiming(theme, links, nodes.length, start);
  const timing = build.narrated ? narratedTiming(build.enter, arrangement.links, theme.motion.durationFrames) : own;
  const { seconds, holding } = useIdle(timing.settled);
  const numbered = arrangement.kind.startsWith('loop') || arrangement.kind.startsWith('snake') || arrangement.kind === 'ladder' || arrangement.kind === 'frame';
  const focusing = nodes.some((_, i) => build.emphasis(i) < 0.999);
  return (
    <>
      <StagePanel theme={theme} bounds={plan.bounds} box={box} delay={Math.max(0, start - 4)} />
      <div style={{ position: 'absolute', left: shift.x, top: shift.y, width: 0, height: 0 }}>
        <Connectors theme={theme} links={arrangement.links} timing={timing.links} seconds={seconds} holding={holding} dots={shape === 'branch' ? fanDots : walkDots(arrangement.kind.startsWith('loop'))} u={u} />
        {arrangement.nodes.map((place, i) => (
          <React.Fragment key={i}>
            <NodeDisc theme={theme} node={nodes[i]!} place={place} delay={timing.nodeDelay[i] ?? start} seconds={seconds} phase={i} number={numbered ? i + 1 : undefined} u={u} emphasis={build.emphasis(i)} focusing={focusing} />
            <NodeText theme={theme} texts={texts[i]!} align={place.align} delay={(timing.nodeDelay[i] ?? start) + 3} u={u} />
          </React.Fragment>
        ))}
      </div>
    </>
  );
};
