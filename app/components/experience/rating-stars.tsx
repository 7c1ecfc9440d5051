/** Five stars filled to the nearest half; decorative (the rating is always written out beside it). */
export function RatingStars({ rating }: { rating: number }) {
  const percent = Math.max(0, Math.min(100, (Math.round(rating * 2) / 2 / 5) * 100));
  return (
    <span className="rating-stars" aria-hidden="true">
      <span className="rating-stars__fill" style={{ inlineSize: `${percent}%` }}>
        ★★★★★
      </span>
      ☆☆☆☆☆
    </span>
  );
}
