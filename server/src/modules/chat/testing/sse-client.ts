// The SSE test client moved to server/test/sse-client.ts (test helpers every layer's tests may use); re-exported
// here for the tests that still import it from the chat module.
export * from '../../../../test/sse-client';
