/** Heads the website-classification prompt; the demo upstream owns the marker and recognises it. */
export { CLASSIFY_MARKER } from '../../llm/demo-upstream/markers';
