import type { ComponentType } from 'react';
import { BdsmIcon, EliteIcon, IndividualIcon, MassageIcon } from '../../icons/category-icons';
import type { IconProps } from '../../icons/icon';

/** Mirrors CATEGORIES in contracts; shared-ui depends on no other workspace package. */
export type CategoryKey = 'individual' | 'massage' | 'elite' | 'bdsm';

export interface CategoryVisual {
  textColor: string;
  backgroundColor: string;
  borderColor: string;
  shadowColor: string;
  Icon: ComponentType<IconProps>;
}

function visual(category: CategoryKey, Icon: ComponentType<IconProps>): CategoryVisual {
  return {
    textColor: `var(--color-category-${category}-fg)`,
    backgroundColor: `var(--color-category-${category}-bg)`,
    borderColor: `var(--color-category-${category}-border)`,
    shadowColor: `var(--color-category-${category}-shadow)`,
    Icon,
  };
}

/** Default colours (as token references) and icon of each category's card. */
export const CATEGORY_VISUALS: Readonly<Record<CategoryKey, CategoryVisual>> = {
  individual: visual('individual', IndividualIcon),
  massage: visual('massage', MassageIcon),
  elite: visual('elite', EliteIcon),
  bdsm: visual('bdsm', BdsmIcon),
};
