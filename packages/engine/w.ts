import { planScene, castOf } from './src/visuals/art/scene-planner.ts'
const story = ['Maya walked through the lemon groves of Amalfi to the harbour at golden hour.', 'She bought limoncello at a tiny shop.']
let t = performance.now(); const cast = castOf(story); console.log(cast, performance.now()-t)
for (const [visual, narration] of [
 ['', 'One stormy evening, a silver dragon crashed into the sea.'],
 ['', 'By morning, the dragon had healed.'],
 ['', 'First, gather everything you need and clear a space to work.'],
 ['', story[0]], ['', story[1]],
 ['A barista pours latte art in a sunny Lisbon coffee shop', 'Our handmade coffee shop roasts beans every morning.'],
 ['', 'A cook teaches a young girl to fold dumplings at a night market stall.'],
 ['', 'Solar panels turn sunlight into electricity for your home.'],
]) { t=performance.now(); const p = planScene({visual, narration, seed: 1, cast}); console.log(Math.round(performance.now()-t)+'ms', narration.slice(0,40), '=>', p.subjects.map(s=>s.id+'('+s.word+','+s.score.toFixed(1)+')').join(' '), p.setting, p.time, p.weather, JSON.stringify(p.keyPhrase)); console.log('   ', p.words.map(w=>w.word+'→'+(w.art??'-')+' ['+w.reason+']').join('; ')) }
