import { describe, expect, it } from 'vitest';
import { sniffContentType } from '../../src/attachments/sniff-content-type.js';

const text = (value: string) => sniffContentType(new TextEncoder().encode(value), { isText: true });

describe('sniffContentType', () => {
  it('takes text whose root element is <svg> as SVG, past the prolog, comments and doctype', () => {
    expect(text('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe('image/svg+xml');
    expect(
      text(
        '\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [ <!ENTITY a "b"> ]>\n<svg width="1" height="1"></svg>',
      ),
    ).toBe('image/svg+xml');
  });

  it('does not take HTML with an inline <svg> as SVG', () => {
    expect(text('<!doctype html><html><body><svg></svg></body></html>')).toBe('text/html');
    expect(text('<html><svg></svg></html>')).toBe('text/html');
  });

  it('does not take other XML or plain text mentioning svg as SVG', () => {
    expect(text('<?xml version="1.0"?><feed><svg/></feed>')).toBe('application/xml');
    expect(text('draw an <svg> here')).toBe('text/plain');
  });

  it('does not mistake a JPEG or UTF-16 text for MPEG audio', () => {
    expect(sniffContentType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]), { isText: false })).toBe('image/jpeg');
    expect(sniffContentType(Uint8Array.from([0xff, 0xfe, 0x68, 0x00]), { isText: false })).toBe('text/plain; charset=utf-16');
  });

  it('takes MPEG frame sync without ID3 as MP3', () => {
    expect(sniffContentType(Uint8Array.from([0xff, 0xfb, 0x90, 0x64, 0, 0]), { isText: false })).toBe('audio/mpeg');
  });

  it('names unknown binary application/octet-stream', () => {
    expect(sniffContentType(Uint8Array.from([1, 2, 3, 4]), { isText: false })).toBe('application/octet-stream');
  });
});
