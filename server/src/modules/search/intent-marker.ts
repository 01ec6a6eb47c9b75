/** Heads the intent-detection prompt; the demo upstream owns the marker and recognises it. */
export { INTENT_MARKER } from '../../llm/demo-upstream/markers';
