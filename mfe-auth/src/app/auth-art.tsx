import { useId } from 'react';

/** A four-point sparkle centred on the origin. */
const SPARKLE = 'M0-10 2.4-2.4 10 0 2.4 2.4 0 10-2.4 2.4-10 0-2.4-2.4z';

const SPARKLES = [
  { x: 338, y: 214, scale: 1.3, opacity: 0.95 },
  { x: 96, y: 118, scale: 0.8, opacity: 0.7 },
  { x: 404, y: 392, scale: 0.6, opacity: 0.6 },
  { x: 262, y: 96, scale: 0.5, opacity: 0.55 },
  { x: 58, y: 372, scale: 0.55, opacity: 0.5 },
  { x: 446, y: 292, scale: 0.7, opacity: 0.6 },
] as const;

const RINGS = [110, 160, 210, 260, 310] as const;

/**
 * The decorative artwork of the auth pages: our own abstract composition of a glowing orb,
 * rings, ribbons and sparkles. Colours come from `--art-*` custom properties, so each account
 * type gets its own palette from CSS.
 */
export function AuthArt({ className }: { className?: string }) {
  const id = useId();
  const ref = (name: string) => `url(#${id}${name})`;
  return (
    <svg
      className={className}
      viewBox="0 0 480 640"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={`${id}bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: 'var(--art-from)' }} />
          <stop offset="1" style={{ stopColor: 'var(--art-to)' }} />
        </linearGradient>
        <radialGradient id={`${id}glow`}>
          <stop offset="0" style={{ stopColor: 'var(--art-glow)', stopOpacity: 0.55 }} />
          <stop offset="1" style={{ stopColor: 'var(--art-glow)', stopOpacity: 0 }} />
        </radialGradient>
        <linearGradient id={`${id}orb`} x1="0.2" y1="0.1" x2="0.8" y2="0.95">
          <stop offset="0" stopColor="#fff7fb" stopOpacity="0.95" />
          <stop offset="0.55" style={{ stopColor: 'var(--art-glow)', stopOpacity: 0.55 }} />
          <stop offset="1" style={{ stopColor: 'var(--art-from)', stopOpacity: 0.1 }} />
        </linearGradient>
        <linearGradient id={`${id}ribbon`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#f1c27d" stopOpacity="0" />
          <stop offset="0.45" stopColor="#f1c27d" stopOpacity="0.85" />
          <stop offset="1" stopColor="#f1c27d" stopOpacity="0" />
        </linearGradient>
      </defs>

      <rect width="480" height="640" fill={ref('bg')} />
      <circle cx="400" cy="110" r="240" fill={ref('glow')} />
      <circle cx="40" cy="600" r="220" fill={ref('glow')} opacity="0.7" />

      <g fill="none" stroke="#ffffff" strokeOpacity="0.13">
        {RINGS.map((r) => (
          <circle key={r} cx="430" cy="600" r={r} />
        ))}
      </g>

      <circle cx="176" cy="262" r="96" fill={ref('orb')} />
      <circle
        cx="176"
        cy="262"
        r="122"
        fill="none"
        stroke="#f1c27d"
        strokeOpacity="0.55"
        strokeWidth="1.5"
        strokeDasharray="1 9"
        strokeLinecap="round"
      />
      <circle cx="292" cy="178" r="26" fill="#fff7fb" fillOpacity="0.16" />
      <circle cx="292" cy="178" r="26" fill="none" stroke="#fff7fb" strokeOpacity="0.35" />

      <g fill="none" stroke={ref('ribbon')} strokeLinecap="round">
        <path d="M-20 452c110-86 210 70 330-6s150-70 190-52" strokeWidth="2.5" />
        <path d="M-20 480c120-80 220 74 340-2s140-62 180-44" strokeWidth="1.5" opacity="0.7" />
        <path d="M-20 508c130-74 230 78 350 2s130-54 170-36" strokeWidth="1" opacity="0.45" />
      </g>

      <g fill="#f6d9a8">
        {SPARKLES.map((s) => (
          <path
            key={`${s.x}-${s.y}`}
            d={SPARKLE}
            transform={`translate(${s.x} ${s.y}) scale(${s.scale})`}
            opacity={s.opacity}
          />
        ))}
      </g>
    </svg>
  );
}
