import { describe, expect, it } from 'vitest'

import type { ScriptLanguage } from '@storyreel/contracts/languages'

import { detectLanguage } from './detect-language.ts'

/** Two sentences each, the way a script opens: a place, a person, an everyday scene. */
const SENTENCES: [ScriptLanguage, string][] = [
  ['en', 'Every morning, Lucy opens her small flower shop by the harbor.'],
  ['en', 'The knight drew his sword as the dragon circled the burning castle.'],
  ['es', 'Cada mañana, Lucía abre su pequeña floristería en Sevilla.'],
  ['es', 'Hoy llueve en Madrid, así que nos quedamos en casa y hacemos un pastel.'],
  ['fr', 'Chaque matin, Camille ouvre sa petite boulangerie près du port.'],
  ['fr', 'Il pleut aujourd’hui à Paris, alors nous restons à la maison et faisons un gâteau.'],
  ['de', 'Jeden Morgen öffnet Jonas seine kleine Bäckerei am Hafen.'],
  ['de', 'Heute regnet es in Berlin, also bleiben wir zu Hause und backen einen Kuchen.'],
  ['it', 'Ogni mattina, Giulia apre il suo piccolo negozio di fiori a Roma.'],
  ['it', 'Oggi piove a Milano, quindi restiamo a casa e prepariamo una torta.'],
  ['pt', 'Todas as manhãs, João abre a sua pequena padaria perto do mar.'],
  ['pt', 'Hoje está chovendo em Lisboa, então ficamos em casa e fazemos um bolo.'],
  ['nl', 'Elke ochtend opent Sanne haar kleine bloemenwinkel aan de gracht.'],
  ['nl', 'Het regent vandaag in Amsterdam, dus we blijven binnen en bakken een taart.'],
  ['hi', 'हर सुबह, प्रिया अपनी छोटी सी फूलों की दुकान खोलती है।'],
  ['hi', 'आज दिल्ली में बारिश हो रही है, इसलिए हम घर पर केक बना रहे हैं।'],
]

describe('detectLanguage', () => {
  it.each(SENTENCES)('recognises a %s sentence with confidence', (language, text) => {
    expect(detectLanguage(text)).toEqual({ language, confident: true })
  })

  it('reads Portuguese and Spanish apart, and Dutch and German, on sentences that share most words', () => {
    expect(detectLanguage('O gato dorme no sofá enquanto chove lá fora.').language).toBe('pt')
    expect(detectLanguage('El gato duerme en el sofá mientras llueve afuera.').language).toBe('es')
    expect(detectLanguage('De kat slaapt op de bank terwijl het buiten regent.').language).toBe('nl')
    expect(detectLanguage('Die Katze schläft auf dem Sofa, während es draußen regnet.').language).toBe('de')
  })

  it('is not confident about a few words, and then prefers English over a near tie', () => {
    // n-grams alone call "Hello world" German.
    expect(detectLanguage('Hello world')).toEqual({ language: 'en', confident: false })
    expect(detectLanguage('A cat')).toEqual({ language: 'en', confident: false })
    // A clear guess stands, but the studio asks the user to check it.
    expect(detectLanguage('Guten Morgen')).toEqual({ language: 'de', confident: false })
    expect(detectLanguage('Mañana')).toEqual({ language: 'es', confident: false })
  })

  it('falls back to English, not confident, when there are no letters', () => {
    expect(detectLanguage('')).toEqual({ language: 'en', confident: false })
    expect(detectLanguage('  12345 !!! 🎉 ')).toEqual({ language: 'en', confident: false })
  })

  it('takes the language of most of the words in a mixed text', () => {
    expect(detectLanguage('Mi tienda "Flower Power" vende rosas, tulipanes y girasoles frescos cada día.')).toEqual({
      language: 'es',
      confident: true,
    })
    expect(detectLanguage('Our new café in Lisbon serves pastéis de nata every morning, fresh from the oven.')).toEqual(
      { language: 'en', confident: true },
    )
    // Half and half may go either way, but never to a third language.
    for (const text of [
      'Ma boutique est ouverte le samedi, come and see the roses and sunflowers',
      'Ma boutique est ouverte le samedi, come and see the roses and sunflowers today',
    ]) {
      expect(['fr', 'en']).toContain(detectLanguage(text).language)
    }
  })

  it('calls Devanagari Hindi outright, even with English names in it, but not one quoted Hindi word', () => {
    expect(detectLanguage('नमस्ते')).toEqual({ language: 'hi', confident: true })
    expect(detectLanguage('मेरी दुकान Flower Power में आपका स्वागत है, हर दिन ताज़े गुलाब।')).toEqual({
      language: 'hi',
      confident: true,
    })
    expect(detectLanguage('In Mumbai, people greet each other with नमस्ते every morning before work.')).toEqual({
      language: 'en',
      confident: true,
    })
  })
})
