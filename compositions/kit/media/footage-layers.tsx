// The layers a footage shot is built from, over any picture: a plate moving with the camera at its
// depth, drifting motes in front of the subject, a light sweep and leak, film grain and a vignette.
import React from 'react';
import { AbsoluteFill, random, useCurrentFrame, useVideoConfig } from 'remotion';
import { layerTransform, overscanFor, type ShotCamera } from './footage-camera';

/** A full-canvas layer at `depth` that moves with the camera; what it draws bleeds off the canvas on purpose. */
export const DepthPlate: React.FC<{ camera: ShotCamera; depth: number; part: string; style?: React.CSSProperties; children: React.ReactNode }> = ({ camera, depth, part, style, children }) => {
  const { width, height } = useVideoConfig();
  const overscan = overscanFor(camera.move, camera.seed, depth, width, height);
  return (
    <AbsoluteFill data-kit-bleed={part} data-kit-part={part} style={{ transform: layerTransform(camera.state, depth, width, height, overscan), transformOrigin: '50% 50%', ...style }}>
      {children}
    </AbsoluteFill>
  );
};

/**
 * Specks of dust or bokeh in front of the subject: they move more than the subject (parallax),
 * rise slowly and twinkle.
 */
export const Motes: React.FC<{ camera: ShotCamera; seed: string; color: string; depth?: number; count?: number }> = ({ camera, seed, color, depth = 1.7, count = 16 }) => {
  const frame = useCurrentFrame();
  const { width, height, fps } = useVideoConfig();
  const unit = Math.min(width, height);
  return (
    <DepthPlate camera={camera} depth={depth} part="footage-motes">
      {Array.from({ length: count }, (_, i) => {
        const size = unit * (0.012 + random(`${seed}-mote-size-${i}`) * 0.03);
        const rise = (frame / fps) * unit * (0.01 + random(`${seed}-mote-rise-${i}`) * 0.025);
        const x = random(`${seed}-mote-x-${i}`) * width;
        const y = (((random(`${seed}-mote-y-${i}`) * height - rise) % height) + height) % height;
        const twinkle = 0.5 + 0.5 * Math.sin((frame / fps) * (1.2 + random(`${seed}-mote-t-${i}`) * 2) + i);
        return (
          <div
            key={i}
            style={{
              position: 'absolute',
              left: x - size / 2,
              top: y - size / 2,
              width: size,
              height: size,
              borderRadius: '50%',
              background: `radial-gradient(circle, ${color} 0%, transparent 70%)`,
              opacity: 0.25 + 0.45 * twinkle,
            }}
          />
        );
      })}
    </DepthPlate>
  );
};

/**
 * Light moving over the shot: a soft band sweeping across it once, and a warm leak in a corner
 * that breathes. `tint` colors the leak.
 */
export const LightSweep: React.FC<{ seed: string; tint: string }> = ({ seed, tint }) => {
  const frame = useCurrentFrame();
  const { width, height, durationInFrames, fps } = useVideoConfig();
  const t = frame / Math.max(1, durationInFrames - 1);
  const diagonal = Math.hypot(width, height);
  const band = diagonal * 0.55;
  // The band crosses from beyond one edge to beyond the other over the shot.
  const travel = -band + t * (width + band * 1.4);
  const corner = random(`${seed}-leak`) < 0.5;
  const breathe = 0.55 + 0.45 * Math.sin((frame / fps) * 1.7 + random(`${seed}-leak-phase`) * 6);
  return (
    <AbsoluteFill data-kit-bleed="footage-light" style={{ overflow: 'hidden', mixBlendMode: 'screen' }}>
      <div
        style={{
          position: 'absolute',
          left: travel,
          top: (height - diagonal) / 2,
          width: band,
          height: diagonal,
          transform: 'rotate(18deg)',
          background: 'linear-gradient(90deg, rgba(255, 246, 228, 0) 0%, rgba(255, 246, 228, 0.2) 45%, rgba(255, 246, 228, 0.26) 50%, rgba(255, 246, 228, 0.2) 55%, rgba(255, 246, 228, 0) 100%)',
        }}
      />
      <AbsoluteFill
        style={{
          background: `radial-gradient(ellipse 70% 60% at ${corner ? '8% 10%' : '92% 12%'}, ${tint} 0%, transparent 70%)`,
          opacity: 0.28 * breathe,
        }}
      />
    </AbsoluteFill>
  );
};

/**
 * Film grain: fresh noise on every frame, the same noise for the same frame and seed (the noise
 * generator's own seed, never Math.random), laid over the picture.
 */
export const FilmGrain: React.FC<{ seed: string; strength?: number }> = ({ seed, strength = 0.3 }) => {
  const frame = useCurrentFrame();
  const { width, height } = useVideoConfig();
  const base = [...seed].reduce((hash, char) => (Math.imul(hash, 33) + char.charCodeAt(0)) >>> 0, 5381);
  const filterId = `footage-grain-${base.toString(36)}`;
  // A new generator seed on every frame; a prime stride keeps neighbouring frames far apart.
  const noiseSeed = ((base % 9973) + frame * 7919) % 1_000_003;
  return (
    <svg width={width} height={height} data-kit-bleed="footage-grain" data-kit-paint={`#808080 ${strength}`} style={{ position: 'absolute', inset: 0, mixBlendMode: 'overlay', opacity: strength }}>
      <filter id={filterId} x="0" y="0" width="100%" height="100%">
        <feTurbulence type="fractalNoise" baseFrequency={0.85} numOctaves={2} seed={noiseSeed} stitchTiles="noStitch" />
        <feColorMatrix type="matrix" values="1 0 0 0 0  1 0 0 0 0  1 0 0 0 0  0 0 0 0 1" />
      </filter>
      <rect width={width} height={height} filter={`url(#${filterId})`} />
    </svg>
  );
};

/** A darkening toward the edges, as a lens gives. */
export const Vignette: React.FC<{ strength?: number }> = ({ strength = 0.5 }) => (
  <AbsoluteFill data-kit-bleed="footage-vignette" style={{ background: `radial-gradient(ellipse 75% 75% at 50% 48%, rgba(0, 0, 0, 0) 55%, rgba(0, 0, 0, ${strength}) 100%)` }} />
);
