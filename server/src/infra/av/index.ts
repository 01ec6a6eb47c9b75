/** Audio and video on our own machines (Debian's ffmpeg, sox, espeak-ng, fpcalc): see run.ts. */
export { AV_TIMEOUT_MS, BinaryError, binaryAvailable, espeak, ffmpeg, ffprobe, fpcalc, sox, withWorkDir, type AvLimits } from './run';
export { mediaKind, probeBytes, probeFile, type MediaFacts } from './probe';
export { AIGC_AUDIO_NOTE, AIGC_PRODUCER, AIGC_VIDEO_MARK, aigcLabelValue, aigcMetadataArgs, cjkFontFile, cornerMarkFilter, filterValue } from './label';
