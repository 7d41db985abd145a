import React from 'react';
import { useVideoConfig } from 'remotion';
import { CAMERA_MOVE_FRAMES } from '../camera';
import type { Theme } from '../../scene-props';
import { kitColors } from '../color';
import { bodyDelay } from '../data/common';
import { useLayout } from '../layout';
import { type NarrationBuild, useNarrationBuild } from '../narration-build';
import { Connectors, type DiagramNode, diagramNode, diagramNodes, type DiagramPlan, DiagramScene, fanDots, fanTiming, hasHeading, NodeDisc, NodeText, planDiagram, StagePanel, useIdle } from './common';
import { narratedTiming } from './diagram-build-layout';
import { hubShots } from './diagram-camera-layout';
import type { DiagramBox, NodePlace, Point } from './geometry';
import { hubArrangements } from './hub-layout';

/** The most spokes a hub diagram shows. */
export const HUB_MAX_SPOKES = 6;

/**
 * One thing and what belongs to it: a large pictured hub in the middle with two to six pictured
 * spokes around it on an ellipse fitted to the canvas (wide canvases put them left and right of the
 * hub), each a large picture on a rounded tile with its label under it, sized alike, the whole
 * standing on a colour field.
 *
 * Motion: the hub pops in, then each spoke enters as the narration names it (`useNarrationBuild`;
 * without narration one after another), its line drawing out from the hub as it comes; the spoke
 * being spoken about is ringed and the others step back. When the narration names the spokes far
 * enough apart for a camera to follow (`hubShots`), the camera pushes in to each spoke as it is
 * named, framing it with the hub, and pulls back to the whole diagram by the narration's end.
 * While it holds, a ring pulses out from the hub, dots run out along the lines and the spokes
 * float gently, in steps of a sixth of a second.
 */
export const HubSpoke: React.FC<{ theme: Theme; title?: string; kicker?: string; hub: DiagramNode; spokes: DiagramNode[] }> = ({ theme, title, kicker, hub, spokes }) => {
  const layout = useLayout();
  const { fps, durationInFrames } = useVideoConfig();
  const nodes = [diagramNode(hub) ?? { label: '' }, ...diagramNodes(spokes, HUB_MAX_SPOKES)];
  const heading = hasHeading(title, kicker);
  const start = heading ? bodyDelay(theme) : 6;
  const build = useNarrationBuild(
    nodes.map((node) => node.label),
    fanTiming(theme, nodes.length - 1, start).nodeDelay,
    { first: start, gap: 6 },
  );
  const plan = (box: DiagramBox) => planDiagram({ theme, box, canvas: { width: layout.width, height: layout.height }, nodes, heading, kind: 'hub', arrangements: (heights) => hubArrangements(box, nodes.length - 1, heights) });
  // Back on the whole by the narration's end, and with a second to spare before the scene's.
  const back = Math.min(durationInFrames - Math.round(fps * 1.2), build.end);
  const camera = (box: DiagramBox, origin: Point) => {
    const planned = plan(box);
    if (!planned || !build.narrated) return [];
    const places = planned.arrangement.nodes.map((place, i) => ({ ...place, text: planned.texts[i]!.rect }));
    const at = { x: origin.x + planned.shift.x, y: origin.y + planned.shift.y };
    return hubShots(places[0]!, places.slice(1), build.enter.slice(1), back, { width: layout.width, height: layout.height }, at, { minGap: Math.round(fps * 0.6), moveFrames: CAMERA_MOVE_FRAMES });
  };
  return (
    <DiagramScene theme={theme} seed={`hub-${String(title ?? '')}`} title={title} kicker={kicker} part="hub-spoke" bodyHeight={(box) => plan(box)?.height ?? box.height} camera={camera}>
      {(box) => {
        const planned = plan(box);
        return planned ? <HubBody theme={theme} plan={planned} nodes={nodes} start={start} u={box.u} box={box} build={build} /> : null;
      }}
    </DiagramScene>
  );
};

/** A rounded ring spreading out from the hub's tile and fading, once every 1.8 s. */
const HubPulse: React.FC<{ theme: Theme; place: NodePlace; seconds: number; u: number }> = ({ theme, place, seconds, u }) => {
  const colors = kitColors(theme);
  const phase = (seconds / 1.8) % 1;
  const size = place.size * (1 + 0.22 * phase);
  return (
    <div
      style={{ position: 'absolute', left: place.x - size / 2, top: place.y - size / 2, width: size, height: size, boxSizing: 'border-box', borderRadius: size * 0.34, border: `${Math.max(2, 6 * u)}px solid ${colors.accent}`, opacity: 0.7 * (1 - phase) }}
    />
  );
};

const HubBody: React.FC<{ theme: Theme; plan: DiagramPlan; nodes: DiagramNode[]; start: number; u: number; box: DiagramBox; build: NarrationBuild }> = ({ theme, plan, nodes, start, u, box, build }) => {
  const { arrangement, texts, shift } = plan;
  const timing = build.narrated ? narratedTiming(build.enter, arrangement.links, theme.motion.durationFrames) : fanTiming(theme, arrangement.links.length, start);
  const { seconds, holding } = useIdle(timing.settled);
  // The hub stays in full while the spokes take turns.
  const emphasis = (i: number) => (i === 0 ? 1 : build.emphasis(i));
  const focusing = nodes.some((_, i) => i > 0 && build.emphasis(i) < 0.999);
  return (
    <>
      <StagePanel theme={theme} bounds={plan.bounds} box={box} delay={Math.max(0, start - 4)} />
      <div style={{ position: 'absolute', left: shift.x, top: shift.y, width: 0, height: 0 }}>
        <Connectors theme={theme} links={arrangement.links} timing={timing.links} seconds={seconds} holding={holding} dots={fanDots} u={u} />
        {holding ? <HubPulse theme={theme} place={arrangement.nodes[0]!} seconds={seconds} u={u} /> : null}
        {arrangement.nodes.map((place, i) => (
          <React.Fragment key={i}>
            <NodeDisc theme={theme} node={nodes[i]!} place={place} delay={timing.nodeDelay[i] ?? start} seconds={i === 0 ? 0 : seconds} phase={i} step={i === 0 ? null : i} u={u} emphasis={emphasis(i)} focusing={focusing && i > 0} />
            <NodeText theme={theme} texts={texts[i]!} align={place.align} delay={(timing.nodeDelay[i] ?? start) + 3} u={u} />
          </React.Fragment>
        ))}
      </div>
    </>
  );
};
