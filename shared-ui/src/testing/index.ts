export { expectNoAxeViolations } from './axe';
