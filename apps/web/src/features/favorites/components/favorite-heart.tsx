import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import { useLocation, useNavigate } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getFailureMessage } from '../../../lib/api-client.ts';
import { buildLoginUrl } from '../../../lib/safe-back-url.ts';
import { useIsSignedIn } from '../../../lib/use-session.ts';
import { useAddFavorite } from '../api/add-favorite.ts';
import { useDeleteFavorite } from '../api/delete-favorite.ts';
import '../favorites.css';

type FavoriteHeartProps = {
  productCode: string;
  /** The member's favourite of this product, if kept (useFavoriteIds). */
  favoriteId: number | undefined;
  /** `labelled` (product page): the heart with 收藏 / 已收藏; `icon` (result card): the heart alone. */
  variant: 'labelled' | 'icon';
};

/** The heart that keeps or lets go of a product. A visitor is sent to sign in and comes back to the page. */
export function FavoriteHeart({ productCode, favoriteId, variant }: FavoriteHeartProps) {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const isSignedIn = useIsSignedIn();
  const add = useAddFavorite();
  const remove = useDeleteFavorite();
  const isKept = favoriteId !== undefined;
  const isBusy = add.isPending || remove.isPending;

  const toggle = async () => {
    if (!isSignedIn) {
      navigate(buildLoginUrl(`${location.pathname}${location.search}`));
      return;
    }
    try {
      if (favoriteId === undefined) {
        await add.mutateAsync(productCode);
        message.success({ key: 'favorite', content: '已收藏' });
      } else {
        await remove.mutateAsync(favoriteId);
        message.success({ key: 'favorite', content: '已取消收藏' });
      }
    } catch (error) {
      message.error(getFailureMessage(error, MSG.requestError));
    }
  };

  const label = isKept ? '已收藏' : '收藏';
  return (
    <button
      type="button"
      className={`favorite-heart favorite-heart--${variant}${isKept ? ' favorite-heart--kept' : ''}`}
      aria-pressed={isKept}
      aria-label={variant === 'icon' ? (isKept ? '取消收藏' : '收藏') : undefined}
      title={isKept ? '取消收藏' : '收藏'}
      disabled={isBusy}
      onClick={toggle}
      data-testid="favorite-heart"
    >
      {/* The button says what it does; the heart itself is decoration, not a second image of the card. */}
      {isKept ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}
      {variant === 'labelled' ? <span>{label}</span> : null}
    </button>
  );
}
