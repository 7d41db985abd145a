// A Matroska stream of JPEG pictures, each with its own start and length on the frame grid, written
// straight to FFmpeg's stdin. A held picture is one block that lasts the frames it holds, so FFmpeg
// decodes it once and repeats the decoded frame (`-fps_mode cfr`) instead of decoding the same JPEG
// again for every frame it holds. Only the few elements FFmpeg's demuxer needs are written (Matroska
// specification, RFC 9559): the EBML header, a Segment of unknown size (the stream is written as it
// is captured), Info, one video track and a Cluster per picture.

/** An element size as an 8-byte EBML variable-length integer. */
function size(bytes: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(bytes) | (1n << 56n));
  return out;
}

/** An unsigned integer element's data: big-endian, as few bytes as it needs. */
function unsigned(value: number): Buffer {
  let hex = Math.max(0, Math.round(value)).toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return Buffer.from(hex, 'hex');
}

function element(id: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id, 'hex'), size(data.length), data]);
}

const uint = (id: string, value: number) => element(id, unsigned(value));
const text = (id: string, value: string) => element(id, Buffer.from(value, 'utf8'));

/** A Segment whose size is not known when it starts (the all-ones size). */
const SEGMENT_START = Buffer.from('1853806701FFFFFFFFFFFFFF', 'hex');

/**
 * The stream's start: EBML header, Segment, Info and a V_MJPEG track. Timestamps count frames: the
 * timestamp scale is one frame in nanoseconds, so a picture's timestamp is its frame number.
 */
export function matroskaHead(width: number, height: number, fps: number): Buffer {
  const ebml = element('1A45DFA3', Buffer.concat([uint('4286', 1), uint('42F7', 1), uint('42F2', 4), uint('42F3', 8), text('4282', 'matroska'), uint('4287', 4), uint('4285', 2)]));
  const info = element('1549A966', Buffer.concat([uint('2AD7B1', 1e9 / fps), text('4D80', 'service'), text('5741', 'service')]));
  const video = element('E0', Buffer.concat([uint('B0', width), uint('BA', height)]));
  const track = element('AE', Buffer.concat([uint('D7', 1), uint('73C5', 1), uint('83', 1), text('86', 'V_MJPEG'), video]));
  return Buffer.concat([ebml, SEGMENT_START, info, element('1654AE6B', track)]);
}

/**
 * The bytes before a picture's JPEG: a Cluster at frame `start` holding a BlockGroup with the
 * picture's Block (track 1, no flags: a BlockGroup's Block is a keyframe unless it names references) and its BlockDuration of `frames`. The JPEG follows as is,
 * so it is never copied.
 */
export function matroskaPictureHead(start: number, frames: number, jpegBytes: number): Buffer {
  const duration = uint('9B', frames);
  const blockData = 4 + jpegBytes;
  const block = Buffer.concat([Buffer.from('A1', 'hex'), size(blockData), Buffer.from([0x81, 0, 0, 0])]);
  const group = Buffer.concat([Buffer.from('A0', 'hex'), size(block.length + jpegBytes + duration.length)]);
  const timestamp = uint('E7', start);
  const cluster = Buffer.concat([Buffer.from('1F43B675', 'hex'), size(timestamp.length + group.length + block.length + jpegBytes + duration.length)]);
  return Buffer.concat([cluster, timestamp, group, block]);
}

/** The bytes after a picture's JPEG: its BlockDuration. */
export function matroskaPictureTail(frames: number): Buffer {
  return uint('9B', frames);
}
