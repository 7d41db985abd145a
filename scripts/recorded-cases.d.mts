import type { SourceDocument, DocumentInput } from '../src/documents/read-document.js';
import type { PlanRequest, CritiqueRequest } from '../src/pipeline/providers/provider-types.js';
import type { EditSource } from '../src/pipeline/edit/edit-source.js';

export declare const RECORDED_LENGTH_RANGE: { min: number; max: number };
export declare function recordedPlanRequest(item: unknown, dir: string, readDocument?: (input: DocumentInput) => Promise<SourceDocument>): Promise<PlanRequest>;
export declare const RECORDED_EDIT_SOURCE: EditSource;
export declare const RECORDED_CRITIQUE: { still: string; request: Omit<CritiqueRequest, 'stills'> };
