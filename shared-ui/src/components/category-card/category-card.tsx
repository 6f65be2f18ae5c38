import type { ReactNode } from 'react';
import type { StyleWithVars } from '../../lib/css-vars';
import { cx } from '../../lib/cx';
import styles from './category-card.module.css';
import { CATEGORY_VISUALS, type CategoryKey } from './category-visuals';

export interface CategoryLinkRenderProps {
  href: string;
  className: string;
  children: ReactNode;
  onClick?: () => void;
  'aria-current'?: 'page';
}

/** Lets an app render its router's Link; forward every prop so the look and state survive. */
export type RenderCategoryLink = (props: CategoryLinkRenderProps) => ReactNode;

export interface CategoryCardProps {
  value: CategoryKey;
  title: string;
  /** With href the card is a link; otherwise it is a button calling onClick. */
  href?: string;
  onClick?: (value: CategoryKey) => void;
  renderLink?: RenderCategoryLink;
  /**
   * Marks the current category: aria-current on a link, aria-pressed on a button. Leave it out
   * when the cards only navigate, so they are not announced as toggles.
   */
  selected?: boolean;
  /** Overrides the category's default icon. */
  icon?: ReactNode;
  /** A decorative photo behind the title. */
  imageUrl?: string;
  textColor?: string;
  backgroundColor?: string;
  borderColor?: string;
  shadowColor?: string;
  /** Numbers are pixels; the card fills its grid cell when left out. */
  width?: number | string;
  height?: number | string;
  className?: string;
}

export function CategoryCard(props: CategoryCardProps) {
  const { value, title, href, onClick, renderLink, selected, icon, imageUrl, className } = props;
  const visual = CATEGORY_VISUALS[value];
  const style: StyleWithVars = {
    '--card-text': props.textColor ?? visual.textColor,
    '--card-bg': props.backgroundColor ?? visual.backgroundColor,
    '--card-border': props.borderColor ?? visual.borderColor,
    '--card-shadow': props.shadowColor ?? visual.shadowColor,
    width: props.width,
    height: props.height,
  };
  const classNames = cx(styles.card, imageUrl && styles.withImage, selected && styles.selected, className);
  const content = (
    <>
      {imageUrl && <img className={styles.image} src={imageUrl} alt="" loading="lazy" />}
      <span className={styles.icon}>{icon ?? <visual.Icon />}</span>
      <span className={styles.title}>{title}</span>
    </>
  );
  const handleClick = onClick ? () => onClick(value) : undefined;

  if (href !== undefined) {
    const current = selected ? ('page' as const) : undefined;
    // The link props carry no style, so the colours travel on a wrapper the app's Link sits in.
    return (
      <span className={styles.linkWrapper} style={style}>
        {renderLink ? (
          renderLink({
            href,
            className: classNames,
            children: content,
            onClick: handleClick,
            'aria-current': current,
          })
        ) : (
          <a href={href} className={classNames} onClick={handleClick} aria-current={current}>
            {content}
          </a>
        )}
      </span>
    );
  }
  return (
    <button type="button" className={classNames} style={style} onClick={handleClick} aria-pressed={selected}>
      {content}
    </button>
  );
}

export interface CategoryCardsProps {
  items: readonly CategoryCardProps[];
  renderLink?: RenderCategoryLink;
  selectedValue?: CategoryKey;
  /** Names the list for screen readers, e.g. "Categories". */
  label?: string;
  className?: string;
}

export function CategoryCards({ items, renderLink, selectedValue, label, className }: CategoryCardsProps) {
  return (
    <ul className={cx(styles.grid, className)} aria-label={label}>
      {items.map((item) => (
        <li key={item.value} className={styles.item}>
          <CategoryCard
            renderLink={renderLink}
            selected={selectedValue === undefined ? undefined : item.value === selectedValue}
            {...item}
          />
        </li>
      ))}
    </ul>
  );
}
