/** The product's name, as the page titles and the CLI call it. */
export const PRODUCT_NAME = 'service';

/**
 * The product's mark: a rounded tile in the accent's blue-to-violet with a white play triangle
 * (videos) standing on three rising bars (infographics), drawn inline so it needs no request.
 * Decorative where a name stands beside it; `title` makes it an image with that name.
 */
export function BrandMark({ size = 32, title }: { size?: number; title?: string }) {
  const gradient = `brand-mark-${size}`;
  return (
    <svg
      className="brand-mark"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title === undefined ? undefined : 'img'}
      aria-hidden={title === undefined ? true : undefined}
      aria-label={title}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2463d6" />
          <stop offset="1" stopColor="#7443d8" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path d="M11 7.5v12.2c0 .8.9 1.3 1.6.9l10-6.1c.6-.4.6-1.3 0-1.7l-10-6.1c-.7-.4-1.6.1-1.6.8z" fill="#fff" />
      <rect x="8" y="23.5" width="4" height="2.5" rx="1" fill="#ffd166" />
      <rect x="14" y="22" width="4" height="4" rx="1" fill="#ffd166" />
      <rect x="20" y="20.5" width="4" height="5.5" rx="1" fill="#ffd166" />
    </svg>
  );
}

/** The mark with the product's name beside it: the header's and the sign-in page's wordmark. */
export function BrandName({ size = 32 }: { size?: number }) {
  return (
    <span className="brand">
      <BrandMark size={size} />
      <span className="brand-name">{PRODUCT_NAME}</span>
    </span>
  );
}
