import type { Ref } from 'react';
import { buttonClassName } from '../button/button';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './ad-card.module.css';

export interface AdCardLabels {
  /** The mark that tells visitors this is advertising ("Реклама"). */
  advertising: string;
  /** Said after the button text to screen readers: the link opens a new tab. */
  opensInNewTab: string;
}

export interface AdCardProps {
  format: string;
  heading: string;
  description: string;
  buttonText: string;
  image: { url: string; width: number; height: number } | null;
  /** Where the button goes: for visitors, our click-counting redirect. */
  href: string;
  labels: AdCardLabels;
  /** A level that fits the page's outline; the catalogue's slot has its own h2 above. */
  headingLevel?: 2 | 3;
  ref?: Ref<HTMLElement>;
}

/**
 * One ad as visitors see it. Presentational only, so the advertiser's preview can render exactly
 * this. The image is decorative (the heading says what the ad is) and keeps its own aspect ratio.
 */
export function AdCard({
  format,
  heading,
  description,
  buttonText,
  image,
  href,
  labels,
  headingLevel = 3,
  ref,
}: AdCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article ref={ref} className={styles.card} data-testid="ad-card">
      {image && (
        <img
          className={styles.image}
          src={image.url}
          width={image.width}
          height={image.height}
          alt=""
          loading="lazy"
          decoding="async"
        />
      )}
      <div className={styles.body}>
        <p className={styles.meta}>
          <span className={styles.mark}>{labels.advertising}</span>
          {format && <span className={styles.format}>{format}</span>}
        </p>
        <Heading className={styles.heading}>{heading}</Heading>
        <p className={styles.description}>{description}</p>
        <a
          className={buttonClassName({ variant: 'secondary', size: 'sm' }, styles.button)}
          href={href}
          target="_blank"
          rel="sponsored noopener"
        >
          {buttonText}
          <VisuallyHidden> ({labels.opensInNewTab})</VisuallyHidden>
        </a>
      </div>
    </article>
  );
}
