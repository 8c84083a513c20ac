/** A sample player (sample-video.tsx), and the button that stands in for its controls until it is played. */
const PLAYER = '[data-sample-video]'
const PLAY_BUTTON = 'button[data-sample-play]'

/**
 * Plays the sample videos. It runs as an inline script in <head> (root.tsx): one listener on the document, so a
 * play button works from the moment the page is parsed, before hydration (which waits for the load event,
 * decision 007) and after client-side navigations alike. Kept tiny and dependency-free; the server hashes it
 * into the CSP.
 *
 * A press of a sample's play button pauses any other sample, sets the poster if it was still waiting for the
 * viewport (lazy-posters.ts), turns the video's controls on in place of the button, hands the video the focus
 * (tabindex 0: every browser then keeps it in the tab order, where its keyboard controls work) and plays it,
 * still muted. If the browser refuses to play, the controls stay for the viewer to try again.
 */
export const SAMPLE_VIDEO_SCRIPT = `document.addEventListener('click',function(e){var b=e.target instanceof Element?e.target.closest('${PLAY_BUTTON}'):null;var p=b&&b.closest('${PLAYER}');var v=p&&p.querySelector('video');if(!v)return;document.querySelectorAll('${PLAYER} video').forEach(function(o){if(o!==v)o.pause()});if(!v.poster&&v.dataset.poster)v.poster=v.dataset.poster;v.controls=true;p.querySelectorAll('${PLAY_BUTTON}').forEach(function(x){x.hidden=true});v.tabIndex=0;v.focus({preventScroll:true});var r=v.play();if(r)r.catch(function(){})})`
