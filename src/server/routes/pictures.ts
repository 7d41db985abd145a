import { pictureCandidates } from '../../pipeline/materials/picture-candidates.js';
import { defineRoute } from '../route-definition.js';
import { picturesQuery, picturesResponse } from '../schemas/picture-schemas.js';

/** The picture library's search (extension): the candidates an edit's `set_picture` may name. */
export function pictureRoutes() {
  return [
    defineRoute({
      method: 'GET',
      url: '/v1/pictures',
      operationId: 'searchPictures',
      summary: "Search the node's picture library by what a picture shows: the candidates, with their SVG, that an edit's set_picture operation may name; the first is the one an edit picks for the words (extension)",
      tags: ['catalogs'],
      querystring: picturesQuery,
      response: { status: 200, description: 'The pictures that fit, best first; empty when none does', schema: picturesResponse },
      handler: async (request) => ({ pictures: pictureCandidates(request.query.q, { language: request.query.language, limit: request.query.limit }) }),
    }),
  ];
}
