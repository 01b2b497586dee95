/** How much to show; level 0 is everything, each next level sheds the least decision-critical part. */
export interface DetailLevel {
  cardText: number;
  potionText: boolean;
  relics: boolean;
  actionNames: boolean;
  piles: boolean;
}
