import { readFileSync, writeFileSync } from 'node:fs';

/** Writes mono or interleaved 16-bit PCM as a WAV file. */
export function writeWav(path: string, samples: Int16Array, sampleRate: number, channels = 1): void {
  const header = Buffer.alloc(44);
  const bytes = samples.length * 2;
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + bytes, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(bytes, 40);
  writeFileSync(path, Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, bytes)]));
}

/** Reads a 16-bit PCM WAV file (as this project writes them) into floats -1..1, first channel. */
export function readWav(path: string): { samples: Float32Array; sampleRate: number } {
  const buffer = readFileSync(path);
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') throw new Error(`${path} is not a WAV file`);
  let offset = 12;
  let sampleRate = 0;
  let channels = 1;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      channels = buffer.readUInt16LE(offset + 10);
      sampleRate = buffer.readUInt32LE(offset + 12);
      if (buffer.readUInt16LE(offset + 22) !== 16) throw new Error(`${path} is not 16-bit PCM`);
    } else if (id === 'data') {
      const count = Math.floor(Math.min(size, buffer.length - offset - 8) / 2 / channels);
      const samples = new Float32Array(count);
      for (let i = 0; i < count; i += 1) samples[i] = buffer.readInt16LE(offset + 8 + i * channels * 2) / 32768;
      return { samples, sampleRate };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${path} has no data chunk`);
}

/** Converts floats -1..1 to 16-bit PCM, clipping. */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) out[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32767)));
  return out;
}
