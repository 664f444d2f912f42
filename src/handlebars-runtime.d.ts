// handlebars' runtime build (`handlebars/runtime.js`: the Handlebars object without the compiler) is typed
// by the package only under the name "handlebars/runtime", which ES modules cannot import without the
// extension; its `runtime.d.ts` exports nothing. The object is the full one's, less the compiler.
declare module "handlebars/runtime.js" {
  import Handlebars = require("handlebars");
  export default Handlebars;
}
