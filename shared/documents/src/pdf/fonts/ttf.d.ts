// Font files are webpack assets: importing one gives its URL.
declare module '*.ttf' {
  const url: string;
  export default url;
}
