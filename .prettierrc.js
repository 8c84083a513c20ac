export { default } from './tooling/prettier/index.js'
