import { z } from 'zod';
import { estimateBreakdown } from './video-schemas.js';

/** The answer of `POST /v1/videos/estimate`: what the 202 of the same create would quote. */
export const videoEstimateResponse = z.object({
  estimated_credits: z.number().describe('The estimate a create of this body would answer with'),
  estimate_breakdown: estimateBreakdown,
});
