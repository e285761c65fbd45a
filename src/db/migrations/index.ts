/** The committed migrations, in order; applied at start by `migrate()`. */
import { Migration20261121142536_initial } from './Migration20261121142536_initial.ts';

export const migrationsList = [{ name: 'Migration20261121142536_initial', class: Migration20261121142536_initial }];
