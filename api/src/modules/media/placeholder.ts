import { Random } from '../../lib/random';

/** How many distinct placeholder images exist: /media/placeholder/1.svg .. /<count>.svg. */
export const PLACEHOLDER_COUNT = 500;
export const PLACEHOLDER_WIDTH = 600;
export const PLACEHOLDER_HEIGHT = 800;

export function placeholderUrl(n: number): string {
  return `/media/placeholder/${n}.svg`;
}

/**
 * Abstract art standing in for profile photos in the demo: a gradient with soft blurred
 * shapes and a wave, the same picture for the same number. Deliberately no figures of people.
 */
export function placeholderSvg(n: number): string {
  const random = new Random(n * 2_654_435_761);
  const width = PLACEHOLDER_WIDTH;
  const height = PLACEHOLDER_HEIGHT;
  const hue = random.int(0, 359);
  const hue2 = (hue + random.int(30, 140)) % 360;
  const angle = random.int(0, 359);

  const shapes: string[] = [];
  const shapeCount = random.int(4, 7);
  for (let i = 0; i < shapeCount; i++) {
    const shapeHue = (hue + random.int(-60, 180) + 360) % 360;
    const fill = `hsl(${shapeHue}, ${random.int(45, 85)}%, ${random.int(55, 80)}%)`;
    const opacity = (random.int(25, 60) / 100).toFixed(2);
    const x = random.int(-60, width + 60);
    const y = random.int(-60, height + 60);
    if (random.chance(0.6)) {
      shapes.push(
        `<circle cx="${x}" cy="${y}" r="${random.int(70, 240)}" fill="${fill}" opacity="${opacity}"/>`,
      );
    } else {
      const w = random.int(120, 320);
      const h = random.int(120, 320);
      shapes.push(
        `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${random.int(24, 80)}" ` +
          `fill="${fill}" opacity="${opacity}" transform="rotate(${random.int(0, 89)} ${x} ${y})"/>`,
      );
    }
  }

  const waveY = random.int(360, 640);
  const amplitude = random.int(30, 90);
  const wave =
    `M0 ${waveY} C ${width * 0.3} ${waveY - amplitude}, ${width * 0.6} ${waveY + amplitude}, ${width} ${waveY - amplitude / 2}` +
    ` L${width} ${height} L0 ${height} Z`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs>',
    `<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">`,
    `<stop offset="0" stop-color="hsl(${hue}, 70%, 62%)"/>`,
    `<stop offset="1" stop-color="hsl(${hue2}, 65%, 38%)"/>`,
    '</linearGradient>',
    '<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="28"/></filter>',
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<g filter="url(#soft)">${shapes.join('')}</g>`,
    `<path d="${wave}" fill="hsl(${hue2}, 60%, 92%)" opacity="0.18"/>`,
    '</svg>',
  ].join('');
}
