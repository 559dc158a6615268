import { describeMatrix } from './matrix.ts';
import { recipeRows } from './rows/recipes.rows.ts';

describeMatrix('project recipes', recipeRows);
