export { default } from './tooling/eslint/base.js'
