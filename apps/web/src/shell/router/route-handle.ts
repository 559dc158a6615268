/** Route metadata: the title key ('namespace:key') shown in the browser tab. */
export interface RouteHandle {
  title?: string;
}
