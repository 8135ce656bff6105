// The public file of this feature: what other features import from it (docs/ARCHITECTURE.md, web boundaries).
export { useFavoriteIds } from './api/lookup-favorites.ts';
export { BuyOrListButton } from './components/buy-or-list-button.tsx';
export { FavoriteHeart } from './components/favorite-heart.tsx';
