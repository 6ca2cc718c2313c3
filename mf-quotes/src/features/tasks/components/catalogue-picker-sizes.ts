/** The line picker's option and list heights (px), shared by the picker and its lazily loaded list. */
export const OPTION_HEIGHT = 52;
export const LIST_HEIGHT = 320;
