// The error table moved to server/src/errors.ts (a lower layer: the engines throw these too); re-exported here
// for the route modules that import it from the platform.
export { AppError, badRequest, unauthorized, forbidden, notFound, rateLimited, refused } from '../errors';
