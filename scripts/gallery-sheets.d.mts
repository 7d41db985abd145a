import type { ModelPlan } from '../src/pipeline/providers/llm/model-plan-schema.js';

export declare function slugOf(prompt: string, max?: number): string;
export declare function baseName(index: number, prompt: string): string;
export declare function thumbSize(width: number, height: number, longest?: number): { width: number; height: number };
export declare function tileLayout(
  count: number,
  tile: { width: number; height: number },
  options?: { columns?: number; gap?: number; label?: number },
): { width: number; height: number; tiles: { left: number; top: number; labelTop: number }[] };
export declare function secondLabel(second: number): string;
export declare function galleryReadme(requests: { prompt: string; materials?: string }[], results: Record<string, Record<number, unknown>>, fresh?: { name: string; prompt: string }[]): string;
export declare function recordedPlans(recording: { calls?: { request?: { response_format?: { json_schema?: { name?: string } } }; answer?: { object?: unknown } }[] }): ModelPlan[];
export declare function recordedPictureChoice(recording: { calls?: { request?: { response_format?: { json_schema?: { name?: string } } }; answer?: { object?: unknown } }[] }): { choices: { item: number; picture: string }[] } | undefined;
