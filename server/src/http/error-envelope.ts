// The one mapping from a thrown value to the envelope lives with the error table in server/src/errors.ts.
export { errorReply, type ErrorReply } from '../errors';
