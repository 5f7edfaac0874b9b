/** A file vite copies into the build as it is, imported as its address ("…?url"). */
declare module '*?url' {
  const url: string
  export default url
}
