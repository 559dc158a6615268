/** Public entry of features/favourite: the star of a device and the caller's favourites. */
export { FavouriteStar } from './FavouriteStar.tsx';
export { useFavourites } from './use-favourites.ts';
